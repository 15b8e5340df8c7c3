import { signTicket } from "@party/ticket";
import type { Config } from "../config";

/**
 * A short-lived pass into a room for one member, where the rooms are, and when it was signed (this
 * server's clock, which the rooms share: a page compares it with the member room's welcome).
 */
export async function roomTicket(
  config: Pick<Config, "partyHost" | "partySecret">,
  userId: string,
  room: "chat-room" | "member-room",
  name: string,
) {
  const issuedAt = Date.now();
  return {
    host: config.partyHost,
    ticket: await signTicket(config.partySecret, { userId, room, name }, issuedAt),
    issuedAt,
  };
}
