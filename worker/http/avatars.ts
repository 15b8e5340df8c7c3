import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import superjson from "superjson";
import { AVATAR_TOO_LARGE, MAX_AVATAR_BYTES } from "../../db/rules";
import type { AppEnv } from "../env";
import { isAvatarKey } from "../storage/avatar-files";

const ONE_YEAR = 365 * 24 * 60 * 60;
/** Room for the multipart envelope around the largest image the upload procedure accepts. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** Avatar images, public like any picture on a profile. A key is never reused, so caching is forever. */
export const avatarRoutes = new Hono<AppEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  const avatar = isAvatarKey(key) ? await c.var.avatars.get(key) : null;
  if (!avatar) return c.json({ error: "Not found" }, 404);
  return c.body(avatar.body, 200, {
    "Content-Type": avatar.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": `public, max-age=${ONE_YEAR}, immutable`,
  });
});

/**
 * Stops an oversized upload before tRPC reads the whole body into memory, answering the way a tRPC
 * procedure would so the SPA shows the message like any other.
 */
export const avatarUploadLimit = bodyLimit({
  maxSize: MAX_AVATAR_BYTES + MULTIPART_OVERHEAD,
  onError: (c) =>
    c.json(
      {
        error: superjson.serialize({
          message: AVATAR_TOO_LARGE,
          code: -32413,
          data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, path: "profiles.uploadAvatar", zodError: null },
        }),
      },
      413,
    ),
});
