import { Phone, PhoneIncoming, Video } from "lucide-react";
import { useActiveCall } from "@web/lib/calls/active-call";
import { useChatCall } from "@web/lib/calls/chat-call";
import { useStartCall } from "@web/lib/calls/use-start-call";
import { Button } from "../ui/button";

/**
 * A chat header's way into a call: Voice call and Video call, or Join call while one is going on in
 * the chat without this member. The server decides who may ring, and says when a call is full.
 */
export function CallButtons({ chatId }: { chatId: string }) {
  const { start, pending } = useStartCall();
  const active = useActiveCall();
  const going = useChatCall(chatId);
  const inACall = active !== null;

  if (going && active?.callId !== going.callId) {
    return (
      <Button size="sm" variant="success" disabled={pending || inACall} onClick={() => start(chatId, going.kind)}>
        <PhoneIncoming aria-hidden />
        Join call
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Voice call"
        title="Voice call"
        disabled={pending || inACall}
        onClick={() => start(chatId, "voice")}
      >
        <Phone aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Video call"
        title="Video call"
        disabled={pending || inACall}
        onClick={() => start(chatId, "video")}
      >
        <Video aria-hidden />
      </Button>
    </>
  );
}
