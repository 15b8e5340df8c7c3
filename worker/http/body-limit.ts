import { TRPCError } from "@trpc/server";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AVATAR_TOO_LARGE, MAX_AVATAR_BYTES } from "@core/rules";
import type { AppEnv } from "../env";
import { trpcErrorResponse } from "./trpc-error";

/** Room for the multipart envelope around the largest image the upload procedure accepts. */
const MULTIPART_OVERHEAD = 16 * 1024;
/** Far above any form's JSON, far below what would strain the host's memory. */
const MAX_JSON_BODY = 1024 * 1024;
const UPLOAD_PATH = "/api/trpc/profiles.uploadAvatar";

/** Stops an oversized body before tRPC reads it into memory; the SPA shows the message like any other. */
const limit = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: (c) => trpcErrorResponse(c, new TRPCError({ code: "PAYLOAD_TOO_LARGE", message })),
  });

const uploadLimit = limit(MAX_AVATAR_BYTES + MULTIPART_OVERHEAD, AVATAR_TOO_LARGE);
const jsonLimit = limit(MAX_JSON_BODY, "This request is too large.");

/** Queries (GET) carry no body: asking for one would make the Node host build a whole Request. */
const BODILESS = new Set(["GET", "HEAD"]);

export const trpcBodyLimit = createMiddleware<AppEnv>((c, next) =>
  BODILESS.has(c.req.method) ? next() : (c.req.path === UPLOAD_PATH ? uploadLimit : jsonLimit)(c, next),
);
