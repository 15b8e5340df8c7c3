import { Phone, PhoneOff, Video } from "lucide-react";
import { useEffect, useState } from "react";
import type { Ring } from "@party/call-signals";
import { enterCall } from "@web/lib/calls/active-call";
import { askAhead } from "@web/lib/calls/ask-ahead";
import { dismissRing, useRings } from "@web/lib/calls/rings";
import { startRingTone } from "@web/lib/calls/ring-tone";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { Avatar } from "../avatar";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";

/** The first call ringing for this member and still in time, on every page of theirs. */
function useRinging() {
  const rings = useRings();
  const [now, setNow] = useState(() => Date.now());
  const next = rings.find((ring) => ring.until > now) ?? null;
  // Wakes when the shown ring runs out, in case no word that it stopped ever arrives.
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => setNow(Date.now()), next.until - Date.now());
    return () => clearTimeout(timer);
  }, [next]);
  return next;
}

/** Who is calling, what kind of call, Accept and Decline; the ring sounds while it shows. */
export function IncomingCall() {
  const ring = useRinging();
  return ring ? <RingDialog key={ring.callId} ring={ring} /> : null;
}

function RingDialog({ ring }: { ring: Ring }) {
  const decline = trpc.calls.decline.useMutation({
    onError: (error) => notify.error("Call Error", errorMessage(error)),
  });
  useEffect(() => startRingTone(), []);
  useEffect(() => askAhead(ring), [ring]);
  const video = ring.kind === "video";
  const KindIcon = video ? Video : Phone;
  const kind = video ? "video call" : "voice call";

  const accept = () => {
    dismissRing(ring.callId);
    enterCall({ chatId: ring.chatId, callId: ring.callId, kind: ring.kind, placed: false });
  };
  const refuse = () => {
    dismissRing(ring.callId);
    decline.mutate({ chatId: ring.chatId, callId: ring.callId });
  };

  return (
    // Closing it any other way (Escape, the corner's cross) is a decline too: the caller is told at once.
    <Dialog open onOpenChange={(open) => !open && refuse()}>
      <DialogContent className="max-w-sm justify-items-center text-center">
        <Avatar
          name={ring.caller.name}
          url={ring.caller.avatarUrl}
          className="size-20 animate-pulse"
          initialClassName="text-3xl"
        />
        <div className="grid gap-1">
          <DialogTitle>{ring.caller.name}</DialogTitle>
          <DialogDescription className="flex items-center justify-center gap-1.5">
            <KindIcon className="size-4" aria-hidden />
            Incoming {kind}
            {ring.isGroup ? " in a group" : ""}
          </DialogDescription>
        </div>
        <div className="flex w-full gap-3">
          <Button variant="destructive" className="flex-1" onClick={refuse}>
            <PhoneOff aria-hidden />
            Decline
          </Button>
          <Button variant="success" className="flex-1" onClick={accept} autoFocus>
            <KindIcon aria-hidden />
            Accept
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
