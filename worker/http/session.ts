import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { initializeLucia } from "../auth/lucia";
import { resolveSession } from "../auth/session";
import type { AppEnv } from "../env";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Puts the signed-in user (or null) on the context and keeps the session cookie current. */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const appUrl = c.var.config.appUrl ?? url.origin;
  const auth = initializeLucia(c.var.db, !LOCAL_HOSTS.has(new URL(appUrl).hostname));
  const { user, session, cookie } = await resolveSession(auth, getCookie(c, auth.sessionCookieName) ?? null);
  c.set("auth", auth);
  c.set("user", user);
  c.set("session", session);
  c.set("appUrl", appUrl);
  if (cookie) c.header("Set-Cookie", cookie.serialize(), { append: true });
  await next();
});
