import { useMutation } from "@tanstack/react-query";
import { BellRing, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { PUSH_OFF } from "@core/push-rules";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { currentSubscription, PermissionRefused, pushPermission, subscribeThisBrowser } from "@web/lib/push";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";

const enabledOn = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric" });

/** A line of the card saying how things stand on this device. */
function Status({ children }: { children: string }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/**
 * Settings → Push notifications: turns them on for this device (the browser asks for permission
 * only when 'Enable notifications' is pressed), and lists the member's devices that get them.
 */
export function PushNotificationsCard() {
  const utils = trpc.useUtils();
  const serverKey = trpc.push.vapidPublicKey.useQuery();
  const devices = trpc.push.list.useQuery();
  const [permission, setPermission] = useState(pushPermission);
  /** This browser's subscription endpoint: undefined while it is read. */
  const [thisEndpoint, setThisEndpoint] = useState<string | null>();
  useEffect(() => {
    void currentSubscription().then(
      (subscription) => setThisEndpoint(subscription?.endpoint ?? null),
      () => setThisEndpoint(null),
    );
  }, []);

  const subscribe = trpc.push.subscribe.useMutation();
  const enable = useMutation({
    mutationFn: async (key: string) => subscribe.mutateAsync(await subscribeThisBrowser(key)),
    onSuccess: (_, __) =>
      notify.success("Notifications Enabled", "This device shows notifications while Crewboard is closed."),
    onError: (error) => {
      if (!(error instanceof PermissionRefused)) notify.error("Notifications Error", errorMessage(error));
    },
    onSettled: async () => {
      setPermission(pushPermission());
      setThisEndpoint((await currentSubscription().catch(() => null))?.endpoint ?? null);
      await utils.push.list.invalidate();
    },
  });
  const remove = trpc.push.remove.useMutation({
    onSuccess: async (_, { id }) => {
      notify.success("Device Removed", "That device no longer gets notifications.");
      // Removed here, this browser's own subscription goes too, so it is asked afresh next time.
      const subscription = await currentSubscription().catch(() => null);
      if (subscription && devices.data?.some((d) => d.id === id && d.endpoint === subscription.endpoint)) {
        await subscription.unsubscribe().catch(() => undefined);
        setThisEndpoint(null);
      }
    },
    onError: (error) => notify.error("Notifications Error", errorMessage(error)),
    onSettled: () => utils.push.list.invalidate(),
  });

  const enabledHere = Boolean(thisEndpoint && devices.data?.some((d) => d.endpoint === thisEndpoint));
  const loading = serverKey.isPending || devices.isPending || thisEndpoint === undefined;
  const key = serverKey.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Push notifications</CardTitle>
        <CardDescription>
          New messages and requests on your phone or computer while Crewboard is closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : serverKey.isError || devices.isError ? (
          <Status>Your notification settings could not be loaded. Please reload the page.</Status>
        ) : (
          <>
            {permission === "unsupported" ? (
              <Status>This browser cannot show notifications from Crewboard.</Status>
            ) : !key ? (
              <Status>{PUSH_OFF}</Status>
            ) : enabledHere ? (
              <p className="flex items-center gap-2 text-sm">
                <BellRing aria-hidden className="size-4 text-primary" />
                This device gets notifications.
              </p>
            ) : (
              <div className="grid gap-3">
                {permission === "denied" ? (
                  <Status>
                    Notifications are blocked for Crewboard in this browser. Allow them in the site's settings (beside
                    the address bar), then press Enable notifications.
                  </Status>
                ) : (
                  <Status>Your browser will ask whether Crewboard may show notifications on this device.</Status>
                )}
                <div>
                  <Button disabled={enable.isPending} onClick={() => enable.mutate(key)}>
                    {enable.isPending ? "Enabling..." : "Enable notifications"}
                  </Button>
                </div>
              </div>
            )}
            {devices.data.length === 0 ? (
              <Status>No devices get notifications yet.</Status>
            ) : (
              <ul aria-label="Devices that get notifications" className="divide-y rounded-md border">
                {devices.data.map((d) => {
                  const removing = remove.isPending && remove.variables?.id === d.id;
                  return (
                    <li key={d.id} className="flex flex-wrap items-center gap-3 p-3">
                      <Smartphone aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                      <div className="min-w-0 flex-1 text-sm">
                        <p className="flex flex-wrap items-center gap-2 font-medium">
                          {d.device}
                          {d.endpoint === thisEndpoint && <Badge>This device</Badge>}
                        </p>
                        <p className="text-muted-foreground">Enabled {enabledOn.format(d.createdAt)}</p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Remove ${d.device}`}
                        disabled={removing}
                        onClick={() => remove.mutate({ id: d.id })}
                      >
                        {removing ? "Removing..." : "Remove"}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
