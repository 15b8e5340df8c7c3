import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { deviceOf } from "../auth/device";
import { initializeLucia } from "../auth/lucia";
import { resolveSession } from "../auth/session";
import { secureCookies } from "../config";
import type { AppEnv } from "../env";

/** Puts the signed-in user (or null) on the context and keeps the session cookie current. */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const appUrl = c.var.config.appUrl;
  const auth = initializeLucia(c.var.db, secureCookies(appUrl));
  const { user, session, cookie } = await resolveSession(c.var.db, auth, getCookie(c, auth.sessionCookieName) ?? null);
  c.set("auth", auth);
  c.set("user", user);
  c.set("session", session);
  c.set("appUrl", appUrl);
  c.set("device", deviceOf(c.req.raw));
  await next();
  if (!cookie) return;
  // Added to the finished response, whoever built it (tRPC makes its own Response), and placed
  // before the cookies the handler set: a sign-in or sign-out during this request has the last word.
  const issued = c.res.headers.getSetCookie();
  c.header("Set-Cookie", cookie.serialize());
  for (const later of issued) c.header("Set-Cookie", later, { append: true });
});
