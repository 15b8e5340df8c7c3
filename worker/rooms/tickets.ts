import { signTicket } from "@party/ticket";
import type { Config } from "../config";

/** A short-lived pass into a room for one member, and where the rooms are. */
export async function roomTicket(
  config: Pick<Config, "partyHost" | "partySecret">,
  userId: string,
  room: "chat-room" | "member-room",
  name: string,
) {
  return { host: config.partyHost, ticket: await signTicket(config.partySecret, { userId, room, name }) };
}
