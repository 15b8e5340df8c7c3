import { SwitchField } from "@web/components/profile-fields";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/**
 * The owner's choices for the project's board, on the project page: whether the progress and the
 * features' figures follow the board instead of what was typed, and whether finished tasks are
 * told in the team chat. Each is saved the moment it is turned.
 */
export function BoardSettingsCard({ projectId }: { projectId: string }) {
  const utils = trpc.useUtils();
  const board = trpc.board.get.useQuery({ projectId });
  const save = trpc.board.settings.useMutation({
    // The switch shows the state asked for until the board and the project's figures, on this page
    // and in every list of projects, have been read again.
    onSuccess: () => Promise.all([utils.board.get.invalidate({ projectId }), utils.projects.invalidate()]),
    onError: (error) => notify.error("Settings Error", errorMessage(error)),
  });
  const settings = board.data?.settings;
  const asked = save.isPending ? save.variables : undefined;
  const progressFollowsBoard = asked?.progressFollowsBoard ?? settings?.progressFollowsBoard ?? false;
  const doneLines = asked?.doneLines ?? settings?.doneLines ?? true;
  const busy = !settings || save.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle size="lg">Board</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SwitchField
          id="progress-follows-board"
          label="Progress follows the board"
          hint={{
            on: "The progress and the planned, pending and completed figures come from the board's tasks.",
            off: "The progress and the features are the ones typed in the project's form.",
          }}
          checked={progressFollowsBoard}
          disabled={busy}
          onChange={(on) => save.mutate({ projectId, progressFollowsBoard: on })}
        />
        <SwitchField
          id="done-lines"
          label="Post finished tasks in the team chat"
          hint={{
            on: "A task moved to the last column is told in the team chat.",
            off: "Finished tasks are not told in the team chat.",
          }}
          checked={doneLines}
          disabled={busy}
          onChange={(on) => save.mutate({ projectId, doneLines: on })}
        />
      </CardContent>
    </Card>
  );
}
