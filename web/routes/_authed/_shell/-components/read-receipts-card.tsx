import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { SEND_READ_RECEIPTS } from "@web/components/profile-fields";
import { trpc } from "@web/lib/trpc";
import { SettingsSwitch } from "./settings-switch";

/** Settings: whether others see when the member has read their messages (and so the member sees theirs). */
export function ReadReceiptsCard() {
  const utils = trpc.useUtils();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Chats</CardTitle>
        <CardDescription>What others in your chats see of your reading.</CardDescription>
      </CardHeader>
      <CardContent>
        <SettingsSwitch
          id="send-read-receipts"
          name="sendReadReceipts"
          meaning={SEND_READ_RECEIPTS}
          // Open chats show receipts, or stop showing them, as the server now answers.
          onSaved={() => void utils.messages.receipts.invalidate()}
        />
      </CardContent>
    </Card>
  );
}
