import { Maximize2, PhoneOff } from "lucide-react";
import type { CallEngine, CallState } from "@web/lib/calls/call-engine";
import { Button } from "../ui/button";
import { Timer } from "./call-view";
import { MuteButton } from "./mute-button";

/**
 * The call while the member uses the rest of the app: a small bar over every page, with who the
 * call is with, how long it has lasted, mute, the way back to the call, and hang up. It floats
 * above the bottom row of every page (the phone's destinations, a chat's composer), in the corner
 * on a wide screen.
 */
export function CallBar({
  engine,
  state,
  title,
  onReturn,
}: {
  engine: CallEngine;
  state: CallState;
  title: string;
  onReturn: () => void;
}) {
  const since = state.call?.connectedAt;
  return (
    <section
      aria-label="Ongoing call"
      className="fixed inset-x-2 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex items-center gap-2 rounded-full border bg-card py-1.5 pr-1.5 pl-4 text-card-foreground shadow-lg md:inset-x-auto md:right-4 md:w-96"
    >
      <p className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{title}</span>
        <span className="block text-xs text-muted-foreground">
          {since ? <Timer since={since} /> : state.phase === "waiting" ? "Calling..." : "Joining..."}
        </span>
      </p>
      <MuteButton engine={engine} state={state} />
      <Button
        variant="outline"
        size="icon"
        shape="pill"
        aria-label="Return to call"
        title="Return to call"
        onClick={onReturn}
      >
        <Maximize2 aria-hidden />
      </Button>
      <Button
        variant="destructive"
        size="icon"
        shape="pill"
        aria-label="Hang up"
        title="Hang up"
        onClick={() => engine.hangUp()}
      >
        <PhoneOff aria-hidden />
      </Button>
    </section>
  );
}
