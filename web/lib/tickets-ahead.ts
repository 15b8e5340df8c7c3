/**
 * A room's ticket asked for together with the page's data, so the page's socket opens as soon as
 * the page shows instead of one request after it: at the edge every request in a row is a trip to
 * the server and on to the database. Each ticket asked ahead is taken once, by the first socket of
 * its room, refused or not; one left untaken (a link hovered, never followed) goes stale well
 * within a ticket's five-minute life (party/ticket.ts), and the socket asks for its own.
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
  // A refusal is the socket's to hear when it takes the ticket (a refusal for good stops it asking).
  entry.ticket.then(
    () => void (entry.tookMs = Date.now() - entry.at),
    () => undefined,
  );
  ahead.set(room, entry);
}

/** The ticket asked ahead for `room` while it is fresh, with when it was asked; once. */
function takeAhead(room: string) {
  const entry = ahead.get(room);
  ahead.delete(room);
  return entry && Date.now() - entry.at < FRESH_MS ? entry : null;
}

/**
 * How far the clocks of the API and of the rooms may disagree: one machine's on the Node host,
 * Cloudflare's, kept in step, at the edge. Erring long only costs a look at the server.
 */
const CLOCK_SKEW_MS = 1_000;

/** A ticket asked ahead: when the server signed it (its clock), and when it was asked and how long it took (this page's). */
export interface Dated {
  issuedAt: number;
  askedAt: number;
  tookMs: number;
}

/**
 * The ticket for a room's first socket on this page: the one asked ahead while it is fresh, or `ask`
 * now; `dated` when it was the one asked ahead, for `readSince`.
 */
export async function firstTicket(room: string, ask: () => Promise<Ticket>) {
  const entry = takeAhead(room);
  const ticket = await (entry?.ticket ?? ask());
  const dated: Dated | null =
    entry?.tookMs === undefined ? null : { issuedAt: ticket.issuedAt, askedAt: entry.at, tookMs: entry.tookMs };
  return { ticket, dated };
}

/**
 * A time on the rooms' clock before which data this page asked for at `dataAskedAt` (its clock)
 * cannot have been read, for a room's welcome to be compared with. The server signed the ticket at
 * most its round trip after it was asked, which bounds how far its clock runs ahead of the page's;
 * the data was read no earlier than it was asked.
 */
export const readSince = (dated: Dated, dataAskedAt: number) =>
  dated.issuedAt - dated.tookMs - (dated.askedAt - dataAskedAt) - CLOCK_SKEW_MS;

export const chatRoomKey = (chatId: string) => `chat-room:${chatId}`;
export const MEMBER_ROOM_KEY = "member-room";

let memberTicketAsked = false;

/**
 * The member room's first ticket, asked for beside the signed-in area's first batch. Once per page
 * load: the room's socket lives as long as the page, and asks for its own tickets after that. Here,
 * not beside the room's hook, because the guard that calls it is in every page's first code, which
 * must not pull in the query cache.
 */
export function askMemberTicketAhead(ask: () => Promise<Ticket>) {
  if (memberTicketAsked) return;
  memberTicketAsked = true;
  askTicketAhead(MEMBER_ROOM_KEY, ask);
}
