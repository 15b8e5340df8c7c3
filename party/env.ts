import type { ChatRoom } from "./chat-room";
import type { MemberRoom } from "./member-room";

/** The rooms' bindings: the two Durable Object namespaces and the secret shared with the API. */
export interface RoomEnv {
  ChatRoom: DurableObjectNamespace<ChatRoom>;
  MemberRoom: DurableObjectNamespace<MemberRoom>;
  /** Unset means misconfigured: every ticket and every notice is refused. */
  PARTY_SECRET?: string;
}

/** Set by the Worker after the ticket checks out; the room trusts no other source for it. */
export const USER_HEADER = "X-Crewboard-User";

/** Notices come from the API only: they carry the shared secret. */
export function fromApi(request: Request, env: RoomEnv) {
  return Boolean(env.PARTY_SECRET) && request.headers.get("Authorization") === `Bearer ${env.PARTY_SECRET}`;
}
