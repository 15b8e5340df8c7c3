import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { Label } from "@web/components/ui/label";
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
        <div className="flex items-start gap-3">
          <Checkbox
            id="send-read-receipts"
            checked={on}
            disabled={profile.isPending || save.isPending}
            onCheckedChange={(checked) => save.mutate({ send: checked === true })}
            aria-describedby="send-read-receipts-hint"
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor="send-read-receipts">Send read receipts</Label>
            <p id="send-read-receipts-hint" className="text-sm text-muted-foreground">
              Others see &lsquo;Seen&rsquo; once you have displayed their messages. Turned off, they don&rsquo;t, and
              you don&rsquo;t see theirs either.
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
