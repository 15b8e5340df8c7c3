import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { SEND_READ_RECEIPTS, SwitchField } from "@web/components/profile-fields";
import { useOwnProfile, useProfileSaved } from "@web/lib/profile";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

/** Settings: whether others see when the member has read their messages (and so the member sees theirs). */
export function ReadReceiptsCard() {
  const utils = trpc.useUtils();
  const profile = useOwnProfile();
  const saved = useProfileSaved();
  const save = trpc.profiles.setReadReceipts.useMutation({
    onSuccess: ({ sendReadReceipts }) => {
      if (profile.data) saved({ ...profile.data, sendReadReceipts });
      // Open chats show receipts, or stop showing them, as the server now answers.
      void utils.messages.receipts.invalidate();
      notify.success(
        sendReadReceipts ? "Read receipts on" : "Read receipts off",
        sendReadReceipts ? undefined : "Others no longer see when you have read their messages.",
      );
    },
    onError: (error) => notify.error("Profile Error", errorMessage(error)),
  });
  const on = save.isPending ? save.variables.send : (profile.data?.sendReadReceipts ?? true);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Chats</CardTitle>
        <CardDescription>What others in your chats see of your reading.</CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="send-read-receipts"
          {...SEND_READ_RECEIPTS}
          checked={on}
          disabled={profile.isPending || save.isPending}
          onChange={(send) => save.mutate({ send })}
        />
      </CardContent>
    </Card>
  );
}
