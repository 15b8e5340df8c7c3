import { Monitor } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { relativeTime } from "@web/lib/relative-time";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";

type Session = RouterOutputs["account"]["sessions"][number];

/** Made on first use, as `relativeTime`'s formatter is: it loads the locale's data. */
let regions: Intl.DisplayNames | undefined;

const device = (s: Session) =>
  s.browser && s.os ? `${s.browser} on ${s.os}` : (s.browser ?? s.os ?? "Unknown browser");

function place(s: Session) {
  regions ??= new Intl.DisplayNames(["en"], { type: "region" });
  const country = s.country ? (regions.of(s.country) ?? s.country) : null;
  return [s.city, country].filter(Boolean).join(", ") || null;
}

/** Settings: the devices signed in to the account; any but this one can be signed out. */
export function AccountSessions() {
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery();
  const refresh = () => utils.account.sessions.invalidate();
  const endOne = trpc.account.endSession.useMutation({
    onSuccess: () => notify.success("Device Signed Out", "That device is no longer signed in."),
    onError: (error) => notify.error("Sessions Error", errorMessage(error)),
    onSettled: refresh,
  });
  const endOthers = trpc.account.endOtherSessions.useMutation({
    onSuccess: ({ ended }) =>
      notify.success("Other Devices Signed Out", `${ended} ${ended === 1 ? "device was" : "devices were"} signed out.`),
    onError: (error) => notify.error("Sessions Error", errorMessage(error)),
    onSettled: refresh,
  });
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>Where your account is signed in. Sign out any device you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your devices...
          </p>
        ) : sessions.isError ? (
          <p className="text-sm text-muted-foreground">Your devices could not be loaded. Please reload the page.</p>
        ) : (
          <ul aria-label="Signed-in devices" className="divide-y rounded-md border">
            {sessions.data.map((s) => (
              <li key={s.handle} className="flex flex-wrap items-center gap-3 p-3">
                <Monitor aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {device(s)}
                    {s.current && <Badge>This device</Badge>}
                  </p>
                  <p className="text-muted-foreground">
                    {[place(s), s.current ? "Active now" : `Last active: ${relativeTime(s.lastActiveAt)}`]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${device(s)}`}
                    disabled={endOne.isPending && endOne.variables?.handle === s.handle}
                    onClick={() => endOne.mutate({ handle: s.handle })}
                  >
                    {endOne.isPending && endOne.variables?.handle === s.handle ? "Signing out..." : "Sign out"}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others > 0 && (
          <div>
            <Button variant="outline" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {endOthers.isPending ? "Signing out..." : "Sign out all other devices"}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
