/**
 * A live connection to one room, as every page opens it: partysocket with a fresh ticket on every
 * (re)connect, a heartbeat every 25 s (no answer within 10 s counts as a dead socket), and
 * reconnects, the first connection's included, after 1, 2, 5, then every 10 s (spec §9). The caller
 * catches up on each `onOpen`. A ticket the API refuses for good (a block, a removal) ends the tries:
 * asking again every 10 s would only fill the console with the same refusal.
 */
import { TRPCClientError } from "@trpc/client";
import PartySocket from "partysocket";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { RoomKind } from "@party/ticket";
import type { ChatRoomEvent, MemberRoomEvent } from "@party/protocol";
import { clientMessages, CLOSE_LEFT } from "@party/wire";

export const HEARTBEAT_MS = 25_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** `refused`: the API will not give this member a ticket to this room again (403/404), so no more tries. */
export type RoomStatus = "connecting" | "open" | "closed" | "refused";

/** A ticket refused for good: the member was blocked or removed, or the room's chat is gone. */
const refusedForGood = (error: unknown) =>
  error instanceof TRPCClientError &&
  [403, 404].includes((error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0);

interface Options<E> {
  room: RoomKind;
  name: string;
  /** Asked before every connection: tickets are short-lived. */
  ticket: () => Promise<{ host: string | null; ticket: string }>;
  onEvent: (event: E) => void;
  onOpen?: () => void;
  /** The room refused this member for good (they left the chat). */
  onGone?: () => void;
  /** The API refused a ticket for good (see `refusedForGood`): the socket stops trying. */
  onRefused?: () => void;
  enabled?: boolean;
}

export function useRoomSocket<E extends ChatRoomEvent | MemberRoomEvent>(options: Options<E>) {
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const [socket, setSocket] = useState<PartySocket | null>(null);
  // The latest callbacks, so a re-render never reopens the socket.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const { room, name, enabled = true } = options;

  useEffect(() => {
    if (!enabled) return;
    let disposed = false;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let deadTimer: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let current: PartySocket | undefined;
    /** Set once a ticket is refused for good: every later try would be refused too. */
    let refused = false;

    const refuse = () => {
      refused = true;
      clearTimeout(retryTimer);
      setStatus("refused");
      current?.close();
      latest.current.onRefused?.();
    };
    const ticket = () =>
      latest.current.ticket().catch((error: unknown) => {
        if (!disposed && refusedForGood(error)) refuse();
        throw error;
      });

    /** Tries again after the spec's back-off: 1, 2, 5, then every 10 s until a socket opens. */
    const later = (again: () => void) => {
      setStatus("closed");
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        setStatus("connecting");
        again();
      }, delay);
    };

    const open = (first: { host: string | null; ticket: string }) => {
      let pending: string | null = first.ticket;
      const ws = new PartySocket({
        host: first.host ?? window.location.host,
        party: room,
        room: name,
        // The first connection uses the ticket just fetched; every later one asks for a new one.
        query: async () => {
          const next = pending ?? (await ticket()).ticket;
          pending = null;
          return { ticket: next };
        },
        // Reconnects are scheduled below, on the spec's own back-off.
        maxRetries: 0,
      });
      current = ws;
      setSocket(ws);
      const alive = () => clearTimeout(deadTimer);
      ws.addEventListener("open", () => {
        attempt = 0;
        setStatus("open");
        clearInterval(heartbeat);
        heartbeat = setInterval(() => {
          ws.send(clientMessages.ping());
          clearTimeout(deadTimer);
          deadTimer = setTimeout(() => ws.reconnect(), HEARTBEAT_TIMEOUT_MS);
        }, HEARTBEAT_MS);
        latest.current.onOpen?.();
      });
      ws.addEventListener("message", (event) => {
        alive();
        let parsed: E;
        try {
          parsed = JSON.parse(String(event.data)) as E;
        } catch {
          return;
        }
        if (parsed.type !== "pong") latest.current.onEvent(parsed);
      });
      ws.addEventListener("close", (event) => {
        clearInterval(heartbeat);
        alive();
        if (disposed || refused) return;
        if (event.code === CLOSE_LEFT) {
          setStatus("closed");
          latest.current.onGone?.();
          return;
        }
        later(() => ws.reconnect());
      });
    };

    // The first ticket also says where the rooms are, so the socket waits for it. Without one (offline
    // for a moment, the API restarting) it is asked for again like any reconnect: given up, the
    // member's room would leave every badge and list stale until a reload.
    const start = () =>
      void ticket().then(
        (first) => {
          if (!disposed) open(first);
        },
        () => {
          if (!disposed && !refused) later(start);
        },
      );
    start();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      clearTimeout(deadTimer);
      clearInterval(heartbeat);
      current?.close();
      setSocket(null);
    };
  }, [room, name, enabled]);

  return { status, socket };
}
