/**
 * Calls on every signed-in page: the incoming-call dialog, and the call this page is in, over
 * whatever page is open. Loaded after the page's first paint: most visits never ring.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { CALL_ENDED } from "@core/call-rules";
import { isCallEvent } from "@party/call-wire";
import type { ChatRoomEvent } from "@party/protocol";
import { currentCall, leaveCall, useActiveCall, type ActiveCall } from "@web/lib/calls/active-call";
import { aheadOr, takeAhead } from "@web/lib/calls/ask-ahead";
import { CallEngine } from "@web/lib/calls/call-engine";
import { useHearCalls } from "@web/lib/calls/chat-call";
import { useRoomSocket } from "@web/lib/room-socket";
import { notify } from "@web/lib/toast";
import { trpc } from "@web/lib/trpc";
import { CallBar } from "./call-bar";
import { CallView, type Person } from "./call-view";
import { IncomingCall } from "./incoming-call";

export default function CallLayer({ myId }: { myId: string }) {
  const active = useActiveCall();
  return (
    <>
      <IncomingCall />
      {active && <InCall key={active.callId} active={active} myId={myId} />}
    </>
  );
}

const UNKNOWN: Person = { name: "Former member", avatarUrl: null };

/** One call: its own socket to the chat's room, the engine behind it, and the view. */
function InCall({ active, myId }: { active: ActiveCall; myId: string }) {
  const { chatId, callId } = active;
  const chat = trpc.chats.byId.useQuery({ chatId }, { retry: false });
  const utils = trpc.useUtils();
  const { mutateAsync: iceServers } = trpc.calls.iceServers.useMutation();
  const hearCalls = useHearCalls(chatId);
  // Asked while it rang (none for the caller, or after a reload): the first ticket is used once.
  const [ahead] = useState(() => takeAhead(callId));
  const firstTicket = useRef(ahead?.ticket ?? null);
  const [engine] = useState(
    () =>
      new CallEngine({
        active,
        myId,
        iceServers: () => aheadOr(ahead?.iceServers, () => iceServers({ chatId }).then((answer) => answer.iceServers)),
        onEnd: (message) => {
          // Another call may have taken this one's place (an answer while in a call).
          if (currentCall()?.callId === callId) leaveCall();
          // A reload into a call that ended meanwhile needs no word.
          if (message && message !== CALL_ENDED) notify.info(message);
        },
      }),
  );
  // Leaving the signed-in area (signing out) hangs up; a reload never runs this, and rejoins.
  useEffect(() => () => engine.hangUp(), [engine]);

  const socketRef = useRef<{ send(data: string): void } | null>(null);
  const { socket, status } = useRoomSocket<ChatRoomEvent>({
    room: "chat-room",
    name: chatId,
    ticket: () => {
      const first = firstTicket.current;
      firstTicket.current = null;
      return aheadOr(first, () => utils.client.chats.ticket.query({ chatId }));
    },
    onOpen: () => engine.connected({ send: (data) => socketRef.current?.send(data) }),
    onGone: () => engine.hangUp(),
    onRefused: () => engine.hangUp(),
    onEvent: (event) => {
      if (!isCallEvent(event)) return;
      hearCalls(event);
      engine.hear(event);
    },
  });
  useLayoutEffect(() => {
    socketRef.current = socket;
  }, [socket]);

  const state = useSyncExternalStore(engine.subscribe, engine.snapshot);
  // Minimized, the call goes on under a bar while the member moves about the app: this layer sits
  // above the pages, so a move to another page leaves the call, its sockets and its media alone.
  const [minimized, setMinimized] = useState(false);
  if (!chat.data || state.phase === "ended") return null;
  const people = new Map(chat.data.participants.map((p) => [p.userId, { name: p.name, avatarUrl: p.avatarUrl }]));
  const other = chat.data.participants.find((p) => p.userId !== myId);
  const title = chat.data.isGroup ? (chat.data.title ?? "Group") : (other?.name ?? "Call");
  return (
    <>
      <CallView
        engine={engine}
        state={state}
        chatId={chatId}
        title={title}
        myId={myId}
        people={(userId) => people.get(userId) ?? UNKNOWN}
        reconnecting={status !== "open"}
        minimized={minimized}
        onMinimize={() => setMinimized(true)}
      />
      {minimized && <CallBar engine={engine} state={state} title={title} onReturn={() => setMinimized(false)} />}
    </>
  );
}
