/**
 * The call of one chat, kept by its room: who is in it, who is being rung, and how it ended. The
 * state lives in the room's storage (a hibernating room forgets its memory between frames), never
 * in the database; signals are relayed from one participant's socket to another's and never kept.
 * The API decides who may ring whom (`start`); the desk decides who is in the call, and relays a
 * signal only from a participant's own socket to another participant's.
 */
import type { Connection } from "partyserver";
import {
  CALL_ENDED,
  CALL_FULL,
  CALL_NOT_AVAILABLE,
  MAX_CALL_PARTICIPANTS,
  REJOIN_GRACE_MS,
  RING_TIMEOUT_MS,
} from "../core/call-rules";
import type { CallOutcome } from "../core/call-rules";
import type { CallKind } from "../core/enums";
import {
  callRoomEvents,
  parseCallMessage,
  type CallAnswer,
  type CallCommand,
  type CallPerson,
  type CallRecord,
  type CallView,
  type Ring,
  type RingStopReason,
} from "./call-signals";
import { floodGuard } from "./flood-guard";

/** Signals come in bursts (ICE candidates for each peer of a mesh): a budget of their own. */
const CALL_MESSAGES_PER_WINDOW = 400;
/** Ended calls whose line the API has not written yet; older ones give way. */
const KEPT_RECORDS = 20;
const NOT_IN_CALL = "You are not in this call.";

interface Participant {
  session: string;
  /** The socket the participant's page is in the call with; null while it is away. */
  connectionId: string | null;
  /** While away: when their place is given up. */
  awayUntil: number | null;
  audio: boolean;
  video: boolean;
}

interface StoredCall {
  callId: string;
  kind: CallKind;
  caller: CallPerson;
  isGroup: boolean;
  startedAt: number;
  connectedAt: number | null;
  participants: Record<string, Participant>;
  /** Callee → when their ringing stops by itself. */
  ringing: Record<string, number>;
  rung: string[];
  joined: string[];
  declined: string[];
  timedOut: string[];
  /** Blocker and blocked among the chat's members, as the API last said (`start`); absent in calls kept before. */
  blocks?: [string, string][];
}

const CALL_KEY = "call";
const RECORDS_KEY = "call-records";

export interface DeskHost {
  storage: DurableObjectStorage;
  chatId(): string;
  connection(id: string): Connection | undefined;
  broadcast(message: string): void;
  /** Tells a member's room that they are rung, or no longer. */
  ring(
    userId: string,
    notice: { type: "ring"; ring: Ring } | { type: "ring-stop"; callId: string; reason: RingStopReason },
  ): void;
}

export function callDesk(host: DeskHost) {
  const flood = floodGuard(CALL_MESSAGES_PER_WINDOW);
  const load = () => host.storage.get<StoredCall>(CALL_KEY);
  const records = async () => (await host.storage.get<CallRecord[]>(RECORDS_KEY)) ?? [];

  const view = (call: StoredCall): CallView => ({
    callId: call.callId,
    kind: call.kind,
    callerId: call.caller.id,
    startedAt: call.startedAt,
    connectedAt: call.connectedAt,
    participants: Object.entries(call.participants).map(([userId, p]) => ({
      userId,
      session: p.session,
      away: p.connectionId === null,
      audio: p.audio,
      video: p.video,
    })),
    ringing: Object.keys(call.ringing),
  });

  /** The next moment something is due: a ringing that times out, or an away participant's place. */
  async function schedule(call: StoredCall | undefined) {
    const due = call
      ? [...Object.values(call.ringing), ...Object.values(call.participants).map((p) => p.awayUntil ?? Infinity)]
      : [];
    const next = Math.min(...due);
    if (Number.isFinite(next)) await host.storage.setAlarm(next);
    else await host.storage.deleteAlarm();
  }

  async function save(call: StoredCall) {
    await host.storage.put(CALL_KEY, call);
    await schedule(call);
    host.broadcast(callRoomEvents.call(view(call)));
  }

  function stopRinging(call: StoredCall, userId: string, reason: RingStopReason) {
    if (!(userId in call.ringing)) return;
    delete call.ringing[userId];
    host.ring(userId, { type: "ring-stop", callId: call.callId, reason });
  }

  function outcomeOf(call: StoredCall): CallOutcome {
    if (call.connectedAt !== null) return "completed";
    // Someone left while others were still being rung: the caller gave up.
    if (Object.keys(call.ringing).length > 0) return "cancelled";
    return call.timedOut.length > 0 ? "no-answer" : "declined";
  }

  async function end(call: StoredCall, now: number) {
    const outcome = outcomeOf(call);
    for (const userId of Object.keys(call.ringing)) stopRinging(call, userId, "ended");
    const record: CallRecord = {
      callId: call.callId,
      kind: call.kind,
      callerId: call.caller.id,
      outcome,
      durationMs: call.connectedAt === null ? 0 : now - call.connectedAt,
      endedAt: now,
      missedBy: call.rung.filter((id) => !call.joined.includes(id) && !call.declined.includes(id)),
    };
    await host.storage.put(RECORDS_KEY, [...(await records()), record].slice(-KEPT_RECORDS));
    await host.storage.delete(CALL_KEY);
    await schedule(undefined);
    host.broadcast(callRoomEvents.call(null));
    host.broadcast(callRoomEvents.ended(call.callId, outcome));
    return record;
  }

  /**
   * A call goes on while two people are in it, or one while others are still being rung; else it
   * ends. Returns the record when it ended.
   */
  async function settle(call: StoredCall, now: number) {
    const present = Object.keys(call.participants).length;
    const ringing = Object.keys(call.ringing).length;
    if (present === 0 || (present === 1 && ringing === 0)) return end(call, now);
    await save(call);
    return null;
  }

  /** Whether a block stands between the member and anyone in the call now, either way. */
  const acrossBlock = (call: StoredCall, userId: string) =>
    (call.blocks ?? []).some(
      ([blocker, blocked]) =>
        (blocker === userId && blocked in call.participants) || (blocked === userId && blocker in call.participants),
    );

  function participantOf(call: StoredCall, connection: Connection, userId: string) {
    const p = call.participants[userId];
    return p && p.connectionId === connection.id ? p : null;
  }

  async function join(connection: Connection, userId: string, callId: string, session: string, now: number) {
    const call = await load();
    if (!call || call.callId !== callId) {
      connection.send(callRoomEvents.error(callId, CALL_ENDED));
      return;
    }
    const already = call.participants[userId];
    if (!already && acrossBlock(call, userId)) {
      connection.send(callRoomEvents.error(callId, CALL_NOT_AVAILABLE));
      return;
    }
    if (!already && Object.keys(call.participants).length >= MAX_CALL_PARTICIPANTS) {
      connection.send(callRoomEvents.error(callId, CALL_FULL));
      return;
    }
    // Joining again from another page moves the member there; the page left behind sees its session go.
    call.participants[userId] = {
      session,
      connectionId: connection.id,
      awayUntil: null,
      audio: already?.audio ?? true,
      video: already?.video ?? call.kind === "video",
    };
    if (!call.joined.includes(userId)) call.joined.push(userId);
    stopRinging(call, userId, "answered");
    if (call.connectedAt === null && Object.keys(call.participants).length > 1) call.connectedAt = now;
    await save(call);
  }

  async function leave(connection: Connection, userId: string, callId: string, now: number) {
    const call = await load();
    if (!call || call.callId !== callId || !participantOf(call, connection, userId)) return;
    delete call.participants[userId];
    await settle(call, now);
  }

  return {
    async command(command: CallCommand, now = Date.now()): Promise<CallAnswer> {
      switch (command.type) {
        case "start":
          return start(command, now);
        case "decline": {
          const call = await load();
          if (!call || call.callId !== command.callId || !(command.userId in call.ringing)) return { status: "ok" };
          call.declined.push(command.userId);
          stopRinging(call, command.userId, "declined");
          const record = await settle(call, now);
          return record ? { status: "ended", record } : { status: "ok" };
        }
        case "end": {
          const call = await load();
          return { status: "ended", record: call ? await end(call, now) : null };
        }
        case "record": {
          const record = (await records()).find((r) => r.callId === command.callId);
          if (record) return { status: "ended", record };
          return (await load())?.callId === command.callId ? { status: "live" } : { status: "ended", record: null };
        }
        case "recorded":
          await host.storage.put(
            RECORDS_KEY,
            (await records()).filter((r) => r.callId !== command.callId),
          );
          return { status: "ok" };
      }
    },

    async onMessage(connection: Connection, userId: string, raw: unknown, now = Date.now()) {
      if (!flood.allow(connection.id, now)) return false;
      const message = parseCallMessage(raw);
      if (!message) return true;
      switch (message.type) {
        case "call-join":
          await join(connection, userId, message.callId, message.session, now);
          break;
        case "call-leave":
          await leave(connection, userId, message.callId, now);
          break;
        case "call-media": {
          const call = await load();
          const me = call?.callId === message.callId ? participantOf(call, connection, userId) : null;
          if (!call || !me) return true;
          // A page says what it sends as it joins, most often what the join assumed: telling every
          // page again would cost each a render while its connections set up.
          if (me.audio === message.audio && me.video === message.video) break;
          me.audio = message.audio;
          me.video = message.video;
          await save(call);
          break;
        }
        case "call-signal": {
          const call = await load();
          const from = call?.callId === message.callId ? participantOf(call, connection, userId) : null;
          if (!call || !from || message.to === userId) {
            connection.send(callRoomEvents.error(message.callId, NOT_IN_CALL));
            return true;
          }
          const to = call.participants[message.to];
          const target = to?.connectionId ? host.connection(to.connectionId) : undefined;
          if (!target) {
            connection.send(callRoomEvents.undelivered(call.callId, message.to));
            return true;
          }
          const body =
            message.description !== undefined
              ? { description: message.description }
              : { candidate: message.candidate ?? null };
          target.send(callRoomEvents.signal(call.callId, userId, from.session, body));
          break;
        }
      }
      return true;
    },

    /** A page that connects learns of the call going on, and of ended calls not yet in the history. */
    async greet(connection: Connection) {
      const call = await load();
      if (call) connection.send(callRoomEvents.call(view(call)));
      for (const record of await records()) connection.send(callRoomEvents.ended(record.callId, record.outcome));
    },

    /** The participant's page went away: their place is kept for a while, for it to come back. */
    async onClose(connection: Connection, now = Date.now()) {
      flood.forget(connection.id);
      const call = await load();
      const away = call && Object.values(call.participants).find((p) => p.connectionId === connection.id);
      if (!call || !away) return;
      away.connectionId = null;
      away.awayUntil = now + REJOIN_GRACE_MS;
      await save(call);
    },

    /** Ringing that timed out, and places given up, are settled here. */
    async onAlarm(now = Date.now()) {
      const call = await load();
      if (!call) return;
      for (const [userId, until] of Object.entries(call.ringing)) {
        if (until > now) continue;
        call.timedOut.push(userId);
        stopRinging(call, userId, "missed");
      }
      for (const [userId, p] of Object.entries(call.participants)) {
        if (p.awayUntil !== null && p.awayUntil <= now) delete call.participants[userId];
      }
      await settle(call, now);
    },
  };

  async function start(command: Extract<CallCommand, { type: "start" }>, now: number): Promise<CallAnswer> {
    const current = await load();
    if (current) {
      current.blocks = command.blocks;
      await host.storage.put(CALL_KEY, current);
      const inIt = command.caller.id in current.participants;
      if (!inIt && acrossBlock(current, command.caller.id)) return { status: "barred" };
      if (!inIt && Object.keys(current.participants).length >= MAX_CALL_PARTICIPANTS) return { status: "full" };
      return { status: "existing", callId: current.callId, kind: current.kind };
    }
    const callees = [...new Set(command.callees)].filter((id) => id !== command.caller.id);
    const until = now + RING_TIMEOUT_MS;
    const call: StoredCall = {
      callId: command.callId,
      kind: command.kind,
      caller: command.caller,
      isGroup: command.isGroup,
      startedAt: now,
      connectedAt: null,
      // The caller's page joins right after the API answers; until then their place waits like a reload's.
      participants: {
        [command.caller.id]: {
          session: "",
          connectionId: null,
          awayUntil: now + REJOIN_GRACE_MS,
          audio: true,
          video: command.kind === "video",
        },
      },
      ringing: Object.fromEntries(callees.map((id) => [id, until])),
      rung: callees,
      joined: [command.caller.id],
      declined: [],
      timedOut: [],
      blocks: command.blocks,
    };
    await save(call);
    const ring: Ring = {
      callId: call.callId,
      chatId: host.chatId(),
      kind: call.kind,
      caller: call.caller,
      isGroup: call.isGroup,
      until,
    };
    for (const userId of callees) host.ring(userId, { type: "ring", ring });
    return { status: "started", callId: call.callId };
  }
}

export type CallDesk = ReturnType<typeof callDesk>;
