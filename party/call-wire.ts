/**
 * What a page sends about calls, free of the parsers (zod stays out of the page bundle). Each frame
 * starts with its type, which is how the room tells call frames from the chat's own
 * (`isCallFrame`); party/call-signals.ts parses them on the room's side.
 */
import type { CallMessage, CallRoomEvent, SignalBody } from "./call-signals";

const frame = (message: CallMessage) => JSON.stringify(message);

export const callMessages = {
  join: (callId: string, session: string) => frame({ type: "call-join", callId, session }),
  leave: (callId: string) => frame({ type: "call-leave", callId }),
  media: (callId: string, audio: boolean, video: boolean) => frame({ type: "call-media", callId, audio, video }),
  signal: (callId: string, to: string, body: SignalBody) =>
    frame({ type: "call-signal", callId, to, ...body } as CallMessage),
};

/** A chat room's event about its call (party/call-signals.ts `CallRoomEvent`). */
export const isCallEvent = (event: { type: string }): event is CallRoomEvent => event.type.startsWith("call");
