import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { verifyRequestOrigin } from "lucia";
import type { AppEnv } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent from another site. Browsers always send Origin on
 * such requests, so a missing header is refused as well.
 */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin") ?? null;
    const allowed = [new URL(c.req.url).host, new URL(c.var.config.appUrl).host];
    if (!origin || !verifyRequestOrigin(origin, allowed)) {
      throw new HTTPException(403, { message: "Cross-site request refused." });
    }
  }
  await next();
});
