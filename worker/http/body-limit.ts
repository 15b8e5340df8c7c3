import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import superjson from "superjson";
import { AVATAR_TOO_LARGE, MAX_AVATAR_BYTES } from "../../db/rules";
import type { AppEnv } from "../env";

/** Room for the multipart envelope around the largest image the upload procedure accepts. */
const MULTIPART_OVERHEAD = 16 * 1024;
/** Far above any form's JSON, far below what would strain the host's memory. */
const MAX_JSON_BODY = 1024 * 1024;
const UPLOAD_PATH = "/api/trpc/profiles.uploadAvatar";

/**
 * Stops an oversized body before tRPC reads it into memory, answering the way a tRPC procedure
 * would so the SPA shows the message like any other.
 */
const limit = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(
        {
          error: superjson.serialize({
            message,
            code: -32413,
            data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, path: c.req.path.split("/").pop(), zodError: null },
          }),
        },
        413,
      ),
  });

const uploadLimit = limit(MAX_AVATAR_BYTES + MULTIPART_OVERHEAD, AVATAR_TOO_LARGE);
const jsonLimit = limit(MAX_JSON_BODY, "This request is too large.");

export const trpcBodyLimit = createMiddleware<AppEnv>((c, next) =>
  (c.req.path === UPLOAD_PATH ? uploadLimit : jsonLimit)(c, next),
);
