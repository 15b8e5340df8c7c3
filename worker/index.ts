/**
 * The Cloudflare Workers host: the API, the chat rooms (Durable Objects exported below) and, before
 * this runs, the SPA from Workers Static Assets. One `wrangler deploy` ships all three. Cron
 * Triggers (wrangler.toml `[triggers]`) call `scheduled()`: the e-mail and push outboxes and the cleanup.
 */
import { createDb, type Db } from "../db/client";
import type { RoomEnv } from "../party/env";
import { routeRoomRequest } from "../party/router";
import { createApp } from "./app";
import { readConfig, type Config, type EnvVars } from "./config";
import { assetPathOf, PRERENDERED_PAGES, servedByWorker } from "./http/prerendered";
import { runScheduledJobs } from "./jobs/scheduled";
import { cloudflareMailer, type EmailBinding } from "./mail/cloudflare-mailer";
import { edgeTransport } from "./outbound/edge-transport";
import { guardedOutbound } from "./outbound/guard";
import { configuredMailer, type Mailer } from "./mail/mailer";
import { bindingRooms } from "./rooms/binding-rooms";
import type { Rooms } from "./rooms/rooms";
import type { AvatarStore } from "./storage/avatar-store";
import { r2AvatarStore, type R2BucketLike } from "./storage/r2-avatar-store";

/** Requests to addresses members gave, checked as on Node; the platform refuses private addresses. */
const outbound = guardedOutbound(edgeTransport);

export { ChatRoom } from "../party/chat-room";
export { MemberRoom } from "../party/member-room";

type Env = EnvVars &
  RoomEnv & { AVATARS?: R2BucketLike; ATTACHMENTS?: R2BucketLike; ASSETS: Fetcher; EMAIL?: EmailBinding };

/** Long-lived clients per isolate, rebuilt only if the bindings object changes. */
const perBindings = new WeakMap<
  object,
  { db: Db; config: Config; avatars: AvatarStore; attachments: AvatarStore; rooms: Rooms; mailer: Mailer }
>();

/** Cloudflare Email Service when the `send_email` binding is there, else what the variables say. */
function edgeMailer(env: Env, config: Config) {
  if (env.SMTP_URL)
    throw new Error("SMTP_URL works on the Node host only: at the edge, bind EMAIL or set RESEND_API_KEY");
  if (!env.EMAIL) return configuredMailer(config);
  if (!config.mail.from) throw new Error("MAIL_FROM is not set: e-mail needs a sender address");
  return cloudflareMailer(env.EMAIL, config.mail.from);
}

function servicesFor(env: Env) {
  let services = perBindings.get(env);
  if (!services) {
    if (!env.LIBSQL_URL) throw new Error("LIBSQL_URL is not set");
    if (!env.AVATARS) throw new Error("the AVATARS R2 binding is missing");
    if (!env.ATTACHMENTS) throw new Error("the ATTACHMENTS R2 binding is missing");
    const vars: EnvVars = env;
    // The Worker is production, whatever its variables say.
    const config = readConfig({ ...vars, NODE_ENV: "production" });
    services = {
      db: createDb({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }),
      config,
      avatars: r2AvatarStore(env.AVATARS),
      attachments: r2AvatarStore(env.ATTACHMENTS),
      rooms: bindingRooms(env, config.partySecret),
      mailer: edgeMailer(env, config),
    };
    perBindings.set(env, services);
  }
  return services;
}

const app = createApp((c) => ({
  ...servicesFor(c.env as Env),
  outbound,
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

  async scheduled(controller: ScheduledController, env: Env) {
    const { db, mailer, rooms, config, attachments } = servicesFor(env);
    const push = { rooms, vapid: config.push, outbound, operatorHosts: config.pushEndpointHosts };
    const done = await runScheduledJobs(db, mailer, config, controller.scheduledTime, push, attachments);
    console.log("scheduled jobs:", JSON.stringify(done));
  },
};
