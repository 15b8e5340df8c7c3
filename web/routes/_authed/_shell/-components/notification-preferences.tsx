import { PREFERENCE_KEYS, type PreferenceKey } from "@core/notification-rules";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Checkbox } from "@web/components/ui/checkbox";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";

type Preference = RouterOutputs["notifications"]["preferences"][number];
type Channel = "email" | "push";

const LABELS: Record<PreferenceKey, string> = {
  friend_request: "Friend requests",
  friend_accepted: "Your friend requests accepted",
  join_request: "Requests to join your projects",
  join_accepted: "Your join requests accepted",
  join_declined: "Your join requests declined",
  group_added: "Added to a group",
  mention: "Mentions in chats",
  missed_call: "Missed calls",
  task_assigned: "Tasks assigned to you",
  pro_confirmed: "Lifetime Access confirmed",
  pro_refunded: "Lifetime Access refunded",
  message: "New private messages",
};

const CHANNELS: { channel: Channel; label: string }[] = [
  { channel: "email", label: "E-mail" },
  { channel: "push", label: "Push" },
];

/**
 * Settings → Notifications: per kind, whether it also goes out by e-mail and by push. The change
 * shows at once and is saved on its own with a toast, as Settings' switches are; a failure puts the
 * box back and says so.
 */
export function NotificationPreferences() {
  const preferences = trpc.notifications.preferences.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Every notification shows in the app, under the bell. Choose what also reaches you by e-mail and as a push on
          your devices.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isError ? (
          <p className="text-sm text-muted-foreground">
            Your notification settings could not be loaded. Please reload the page.
          </p>
        ) : (
          // The table is laid out while the choices load, a placeholder in each box, so nothing
          // below it moves when they arrive (a tap meant for the next card lands there).
          <table className="w-full text-sm" aria-busy={preferences.isPending}>
            <caption className="sr-only">
              {preferences.isPending
                ? "Loading your notification settings..."
                : "Where each kind of notification reaches you besides the app"}
            </caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Notify me about
                </th>
                {CHANNELS.map(({ channel, label }) => (
                  <th key={channel} scope="col" className="w-16 px-2 py-2 text-center font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {PREFERENCE_KEYS.map((key) => {
                const preference = preferences.data?.find((p) => p.key === key);
                return (
                  <tr key={key}>
                    <th scope="row" className="py-3 pr-2 text-left font-normal">
                      {LABELS[key]}
                    </th>
                    {CHANNELS.map(({ channel, label }) => (
                      <td key={channel} className="px-2 py-3 text-center">
                        {preference ? (
                          <ChannelBox preference={preference} channel={channel} label={label} />
                        ) : (
                          <span
                            aria-hidden
                            className="inline-block size-5 animate-pulse rounded-sm bg-muted align-middle"
                          />
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function ChannelBox({ preference, channel, label }: { preference: Preference; channel: Channel; label: string }) {
  const utils = trpc.useUtils();
  const set = trpc.notifications.setPreference.useMutation({
    onMutate: async ({ enabled }) => {
      await utils.notifications.preferences.cancel();
      const change = (to: boolean) =>
        utils.notifications.preferences.setData(undefined, (all) =>
          all?.map((p) => (p.key === preference.key ? { ...p, [channel]: to } : p)),
        );
      change(enabled);
      return { undo: () => change(!enabled) };
    },
    onError: (error, _input, context) => {
      context?.undo();
      notify.error("Settings Error", errorMessage(error, "Your choice could not be saved. Please try again."));
    },
    onSuccess: (saved) => {
      utils.notifications.preferences.setData(undefined, (all) => all?.map((p) => (p.key === saved.key ? saved : p)));
      notify.success("Notifications Saved", `${label} ${saved[channel] ? "on" : "off"}: ${LABELS[saved.key]}`);
    },
  });
  return (
    <Checkbox
      className="size-5"
      checked={preference[channel]}
      disabled={set.isPending}
      aria-label={`${LABELS[preference.key]} by ${label.toLowerCase()}`}
      onCheckedChange={(checked) => set.mutate({ key: preference.key, channel, enabled: checked === true })}
    />
  );
}
