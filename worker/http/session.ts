import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { initializeLucia } from "../auth/lucia";
import { resolveSession } from "../auth/session";
import { appUrlFor, secureCookies } from "../config";
import type { AppEnv } from "../env";

/** Puts the signed-in user (or null) on the context and keeps the session cookie current. */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const appUrl = appUrlFor(c.var.config, c.req.url);
  const auth = initializeLucia(c.var.db, secureCookies(appUrl));
  const { user, session, cookie } = await resolveSession(auth, getCookie(c, auth.sessionCookieName) ?? null);
  c.set("auth", auth);
  c.set("user", user);
  c.set("session", session);
  c.set("appUrl", appUrl);
  if (cookie) c.header("Set-Cookie", cookie.serialize(), { append: true });
  await next();
});
