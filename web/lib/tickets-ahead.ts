/**
 * A room's ticket asked for together with the page's data, so the page's socket opens as soon as
 * the page shows instead of one request after it: at the edge every request in a row is a trip to
 * the server and on to the database. Each ticket asked ahead is taken once, by the first socket of
 * its room; one that failed (signed out, offline), or was left untaken (a link hovered, never
 * followed) until it went stale well within a ticket's five-minute life (party/ticket.ts), is
 * forgotten, and the socket asks for its own.
 */
export type Ticket = {
  host: string | null;
  ticket: string;
  /** When the server signed it, on the server's clock (worker/rooms/tickets.ts). */
  issuedAt: number;
};

const FRESH_MS = 60_000;
/** A ticket asked ahead, when it was asked and, once it came, how long it took (this page's clock). */
interface Ahead {
  ticket: Promise<Ticket>;
  at: number;
  tookMs?: number;
}

const ahead = new Map<string, Ahead>();

export function askTicketAhead(room: string, ask: () => Promise<Ticket>) {
  const entry: Ahead = { ticket: ask(), at: Date.now() };
  entry.ticket.then(
    () => void (entry.tookMs = Date.now() - entry.at),
    () => {
      if (ahead.get(room) === entry) ahead.delete(room);
    },
  );
  ahead.set(room, entry);
}

/** The ticket asked ahead for `room` while it is fresh, with when it was asked; once. */
export function takeAhead(room: string) {
  const entry = ahead.get(room);
  ahead.delete(room);
  return entry && Date.now() - entry.at < FRESH_MS ? entry : null;
}

/**
 * How far the clocks of the API and of the rooms may disagree: one machine's on the Node host,
 * Cloudflare's, kept in step, at the edge. Erring long only costs a look at the server.
 */
const CLOCK_SKEW_MS = 1_000;

/**
 * The ticket for a room's first socket on this page: the one asked ahead while it is fresh, or `ask`
 * now; and, for the one asked ahead, a time on the rooms' clock before which the page's first data
 * cannot have been read (`readSince`), for the room's welcome to be compared with. Only for data that
 * left with the ticket, in the page load's first batch (nothing is cached before it): the server
 * read it no earlier than the ticket was signed less the ticket's whole round trip.
 */
export async function firstTicket(room: string, ask: () => Promise<Ticket>) {
  const entry = takeAhead(room);
  const ticket = await (entry?.ticket ?? ask());
  const took = entry?.tookMs;
  return { ticket, readSince: took === undefined ? null : ticket.issuedAt - took - CLOCK_SKEW_MS };
}

/** The ticket asked ahead for `room` while it is fresh, or `ask` now. */
export const ticketFor = (room: string, ask: () => Promise<Ticket>): Promise<Ticket> =>
  takeAhead(room)?.ticket ?? ask();

export const chatRoomKey = (chatId: string) => `chat-room:${chatId}`;
export const MEMBER_ROOM_KEY = "member-room";
