/**
 * The rooms alone, as `npm start` runs them in workerd (party/wrangler.toml). At the edge the main
 * Worker (worker/index.ts) exports the same classes and routes to them itself.
 */
import type { RoomEnv } from "./env";
import { routeRoomRequest } from "./router";

export { ChatRoom } from "./chat-room";
export { MemberRoom } from "./member-room";

export default {
  async fetch(request: Request, env: RoomEnv) {
    return (await routeRoomRequest(request, env)) ?? new Response("Not found", { status: 404 });
  },
};
