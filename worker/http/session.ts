import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Db } from "@db/client";
import { deviceOf } from "../auth/device";
import { initializeLucia, type Auth } from "../auth/lucia";
import { resolveSession } from "../auth/session";
import { secureCookies } from "../config";
import type { AppEnv } from "../env";

/** One lucia per database and public origin (which decides the cookie's Secure flag): both live as long as the host. */
const luciaByDb = new WeakMap<Db, Map<string, Auth>>();

function luciaFor(db: Db, appUrl: string) {
  let byOrigin = luciaByDb.get(db);
  if (!byOrigin) luciaByDb.set(db, (byOrigin = new Map<string, Auth>()));
  let auth = byOrigin.get(appUrl);
  if (!auth) byOrigin.set(appUrl, (auth = initializeLucia(db, secureCookies(appUrl))));
  return auth;
}

/** Puts the signed-in user (or null) on the context and keeps the session cookie current. */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const appUrl = c.get("config").appUrl;
  const auth = luciaFor(c.get("db"), appUrl);
  const { user, session, cookie } = await resolveSession(
    c.get("db"),
    auth,
    getCookie(c, auth.sessionCookieName) ?? null,
  );
  c.set("auth", auth);
  c.set("user", user);
  c.set("session", session);
  c.set("appUrl", appUrl);
  c.set("device", deviceOf(c.req.raw));
  await next();
  if (!cookie) return;
  // Added to the finished response, whoever built it (tRPC makes its own Response), and placed
  // before the cookies the handler set: a sign-in or sign-out during this request has the last word.
  // Straight onto its headers: `c.header()` would copy the whole response.
  const headers = c.res.headers;
  const issued = headers.getSetCookie();
  headers.delete("Set-Cookie");
  for (const value of [cookie.serialize(), ...issued]) headers.append("Set-Cookie", value);
});
