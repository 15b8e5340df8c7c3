/**
 * The Cloudflare Workers host: the API, the chat rooms (Durable Objects exported below) and, before
 * this runs, the SPA from Workers Static Assets. One `wrangler deploy` ships all three.
 */
import { createDb, type Db } from "../db/client";
import type { RoomEnv } from "../party/env";
import { routeRoomRequest } from "../party/router";
import { createApp } from "./app";
import { readConfig, type Config, type EnvVars } from "./config";
import { assetPathOf, PRERENDERED_PAGES, servedByWorker } from "./http/prerendered";
import { bindingRooms } from "./rooms/binding-rooms";
import type { Rooms } from "./rooms/rooms";
import type { AvatarStore } from "./storage/avatar-store";
import { r2AvatarStore, type R2BucketLike } from "./storage/r2-avatar-store";

export { ChatRoom } from "../party/chat-room";
export { MemberRoom } from "../party/member-room";

type Env = EnvVars & RoomEnv & { AVATARS?: R2BucketLike; ASSETS: Fetcher };

/** Long-lived clients per isolate, rebuilt only if the bindings object changes. */
const perBindings = new WeakMap<object, { db: Db; config: Config; avatars: AvatarStore; rooms: Rooms }>();

function servicesFor(env: Env) {
  let services = perBindings.get(env);
  if (!services) {
    if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not set");
    if (!env.AVATARS) throw new Error("the AVATARS R2 binding is missing");
    const config = readConfig(env);
    services = {
      db: createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }),
      config,
      avatars: r2AvatarStore(env.AVATARS),
      rooms: bindingRooms(env, config.partySecret),
    };
    perBindings.set(env, services);
  }
  return services;
}

const app = createApp((c) => ({
  ...servicesFor(c.env as Env),
  clientIp: c.req.header("CF-Connecting-IP") ?? "unknown",
  defer: (work) => c.executionCtx.waitUntil(work),
}));

// Workers Static Assets answers "/" and a chat's address with index.html, the empty shell every
// client route starts from; the pages the build rendered ahead of time for them are served here
// instead (wrangler.toml routes these paths to the Worker). Their headers are copied, so the
// security headers can be added to them.
for (const page of PRERENDERED_PAGES.filter(servedByWorker)) {
  app.get(page.path, async (c) => {
    const asset = new Request(new URL(assetPathOf(page), c.req.url), c.req.raw);
    const file = await (c.env as Env).ASSETS.fetch(asset);
    return new Response(file.body, file);
  });
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext) {
    return (await routeRoomRequest(request, env)) ?? app.fetch(request, env, ctx);
  },
};
