import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Db } from "@db/client";
import { deviceOf } from "../auth/device";
import { initializeLucia, type Auth } from "../auth/lucia";
import { claimOf, resolveSession } from "../auth/session";
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

/**
 * Starts the session check and puts it on the context, with who the cookie claims to be; what may
 * run before the check answers is decided where it runs (worker/trpc.ts). Keeps the cookie current.
 */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const appUrl = c.get("config").appUrl;
  const auth = luciaFor(c.get("db"), appUrl);
  const sessionId = getCookie(c, auth.sessionCookieName) ?? null;
  const check = resolveSession(c.get("db"), auth, sessionId);
  const signedIn = check.then(({ user, session }) => (user && session ? { user, session } : null));
  // A request that never asks (a public page's data) must not leave a failed check unhandled.
  signedIn.catch(() => undefined);
  c.set("auth", auth);
  c.set("signedIn", signedIn);
  c.set("claim", claimOf(sessionId));
  c.set("appUrl", appUrl);
  c.set("device", deviceOf(c.req.raw));
  await next();
  // A check that failed failed whatever needed it, which waited for it; nothing else depends on it.
  const outcome = await check.catch(() => null);
  if (!outcome) return;
  await outcome.touched;
  const { cookie } = outcome;
  if (!cookie) return;
  // Added to the finished response, whoever built it (tRPC makes its own Response), and placed
  // before the cookies the handler set: a sign-in or sign-out during this request has the last word.
  // Straight onto its headers: `c.header()` would copy the whole response.
  const headers = c.res.headers;
  const issued = headers.getSetCookie();
  headers.delete("Set-Cookie");
  for (const value of [cookie.serialize(), ...issued]) headers.append("Set-Cookie", value);
});
