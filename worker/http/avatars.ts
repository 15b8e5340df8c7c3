import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { isAvatarKey } from "../storage/avatar-files";

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Avatar images, public like any picture on a profile. A key is never reused, so caching is forever. */
export const avatarRoutes = new Hono<AppEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  const avatar = isAvatarKey(key) ? await c.var.avatars.get(key) : null;
  if (!avatar) throw new HTTPException(404, { message: "Not found" });
  return c.body(avatar.body, 200, {
    "Content-Type": avatar.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": `public, max-age=${ONE_YEAR}, immutable`,
  });
});
