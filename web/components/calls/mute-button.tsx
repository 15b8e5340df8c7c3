import { Mic, MicOff } from "lucide-react";
import type { CallEngine, CallState } from "@web/lib/calls/call-engine";
import { Button } from "../ui/button";

/** Mute and unmute, the same in the call's controls and in the bar over other pages. */
export function MuteButton({ engine, state }: { engine: CallEngine; state: CallState }) {
  return (
    <Button
      variant={state.muted ? "destructive" : "outline"}
      size="icon"
      shape="pill"
      aria-label={state.muted ? "Unmute" : "Mute"}
      aria-pressed={state.muted}
      disabled={!state.hasMicrophone}
      onClick={() => engine.toggleMute()}
    >
      {state.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
    </Button>
  );
}
