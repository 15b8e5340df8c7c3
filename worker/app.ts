import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono, type Context as HonoContext } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { sql } from "drizzle-orm";
import { MAX_BATCH_SIZE } from "@core/rules";
import { DATABASE_BUSY, isDatabaseUnavailable } from "../db/errors";
import type { AppEnv, Services } from "./env";
import { attachmentRoutes } from "./http/attachments";
import { avatarRoutes } from "./http/avatars";
import { trpcBodyLimit } from "./http/body-limit";
import { googleRoutes } from "./http/google";
import { MAILBOX_PATH, mailboxRoutes } from "./http/mailbox";
import { originCheck } from "./http/origin";
import { previewImageRoutes } from "./http/preview-images";
import { securityHeadersMiddleware } from "./http/security-headers";
import { sessionMiddleware } from "./http/session";
import { STRIPE_WEBHOOK_PATH, stripeWebhook } from "./http/stripe-webhook";
import { trpcErrorResponse } from "./http/trpc-error";
import { oneClickUnsubscribe } from "./http/unsubscribe";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "./notifications/unsubscribe";
import { appRouter, memberRouter } from "./routers";
import { isAdministrator } from "./safety/administrators";
import type { Context } from "./trpc";

/**
 * The one Hono app both hosts run. `services` builds the per-request dependencies from
 * whatever the host has (Worker bindings, or the Node process's long-lived clients).
 */
export function createApp(services: (c: HonoContext<AppEnv>) => Services) {
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status);
    if (isDatabaseUnavailable(error)) {
      c.header("Retry-After", "1");
      // A database down during the session check fails a tRPC call before tRPC runs: answer as it would.
      if (c.req.path.startsWith("/api/trpc/")) {
        return trpcErrorResponse(c, new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_BUSY }));
      }
      return c.json({ error: DATABASE_BUSY }, 503);
    }
    console.error(`${c.req.method} ${c.req.path}`, error);
    return c.json({ error: "Something went wrong. Please try again." }, 500);
  });

  // Every request: the Node host serves its pages through this app too, and they need the config.
  app.use(
    "*",
    createMiddleware<AppEnv>(async (c, next) => {
      const { db, config, clientIp, avatars, attachments, rooms, mailer, defer, outbound } = services(c);
      c.set("db", db);
      c.set("config", config);
      c.set("clientIp", clientIp);
      c.set("avatars", avatars);
      c.set("attachments", attachments);
      c.set("rooms", rooms);
      c.set("mailer", mailer);
      c.set("defer", defer);
      c.set("outbound", outbound);
      await next();
    }),
  );
  app.use("*", securityHeadersMiddleware);
  // Before the session middleware: images are public, and a cached image must not carry a cookie.
  app.route("/api/avatars", avatarRoutes);
  // Before the Origin check and the session: Stripe sends neither; its signature is the check.
  app.route(STRIPE_WEBHOOK_PATH, stripeWebhook);
  // Mail clients post one-click unsubscribes with neither; the link's signature is the check.
  app.route(ONE_CLICK_UNSUBSCRIBE_PATH, oneClickUnsubscribe);
  app.use("/api/*", originCheck);
  app.use("/api/*", sessionMiddleware);

  app.route(MAILBOX_PATH, mailboxRoutes);
  app.route("/api/attachments", attachmentRoutes);
  app.route("/api/previews", previewImageRoutes);

  // Monitors ask this: it says whether the database answers, not only the process.
  app.get("/api/health", async (c) => {
    try {
      await c.var.db.run(sql`SELECT 1`);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      console.error("health: the database is down:", error instanceof Error ? error.message : error);
      return c.json({ ok: false, database: "down" }, 503, { "Retry-After": "1" });
    }
    return c.json({ ok: true });
  });
  app.route("/api/auth/google", googleRoutes);

  app.use("/api/trpc/*", trpcBodyLimit);
  app.all("/api/trpc/*", async (c) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: (await asksTheDesk(c)) ? appRouter : memberRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ resHeaders, info }): Context => ({
        ...c.var,
        setCookie: (cookie) => resHeaders.append("Set-Cookie", cookie.serialize()),
        batchSize: info.calls.length,
      }),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path}`, error);
      },
    }),
  );

  app.all("/api/*", () => {
    throw new HTTPException(404, { message: "Not found" });
  });

  return app;
}

/**
 * Whether the request calls the moderation desk as an administrator. Only a call to the desk waits
 * for the session check to pick the router: the member router has every other procedure.
 */
async function asksTheDesk(c: HonoContext<AppEnv>) {
  const paths = decodeURIComponent(c.req.path.slice("/api/trpc/".length)).split(",");
  if (!paths.some((path) => path.startsWith("admin."))) return false;
  return isAdministrator(c.var.config, (await c.var.signedIn)?.user ?? null);
}

export type App = ReturnType<typeof createApp>;
