import { WifiOff } from "lucide-react";
import { BrandMark } from "./brand";
import { Button } from "./ui/button";

export const OFFLINE_TITLE = "You're offline";

/**
 * What the service worker shows for a page asked without a network (web/service-worker/sw.ts),
 * rendered at build time into offline.html. It runs no script: 'Try again' submits an empty form
 * to the very address it stands in for (its query left out), so it asks the network for that page
 * again, through the worker that showed this.
 */
export function OfflinePage() {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <header className="mx-auto flex h-16 w-full max-w-7xl shrink-0 items-center gap-2 px-4 text-lg font-bold tracking-tight">
        <BrandMark />
        Crewboard
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="flex max-w-md flex-col items-center gap-4 rounded-xl border bg-card px-6 py-12 text-center text-card-foreground shadow-sm">
          <WifiOff className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight">{OFFLINE_TITLE}</h1>
          <p className="text-sm text-muted-foreground">
            Crewboard needs a connection to open this page. Check your network, then try again.
          </p>
          <form method="get">
            <Button type="submit">Try again</Button>
          </form>
        </div>
      </main>
    </div>
  );
}
