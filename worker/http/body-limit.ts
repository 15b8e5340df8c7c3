import { TRPCError } from "@trpc/server";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "@core/attachment-rules";
import { AVATAR_TOO_LARGE, MAX_AVATAR_BYTES } from "@core/rules";
import type { AppEnv } from "../env";
import { trpcErrorResponse } from "./trpc-error";

/** Room for the multipart envelope (boundaries, the file's name, the chat's id) around the largest file accepted. */
const MULTIPART_OVERHEAD = 16 * 1024;
/** Far above any form's JSON, far below what would strain the host's memory. */
const MAX_JSON_BODY = 1024 * 1024;

/** Stops an oversized body before tRPC reads it into memory; the SPA shows the message like any other. */
const limit = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: (c) => trpcErrorResponse(c, new TRPCError({ code: "PAYLOAD_TOO_LARGE", message })),
  });

const jsonLimit = limit(MAX_JSON_BODY, "This request is too large.");
/** The uploads, each bounded by the largest file it takes; every other call by the JSON limit. */
const uploadLimits = new Map([
  ["/api/trpc/profiles.uploadAvatar", limit(MAX_AVATAR_BYTES + MULTIPART_OVERHEAD, AVATAR_TOO_LARGE)],
  ["/api/trpc/attachments.upload", limit(MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD, ATTACHMENT_TOO_LARGE)],
]);

/** Queries (GET) carry no body: asking for one would make the Node host build a whole Request. */
const BODILESS = new Set(["GET", "HEAD"]);

export const trpcBodyLimit = createMiddleware<AppEnv>((c, next) =>
  BODILESS.has(c.req.method) ? next() : (uploadLimits.get(c.req.path) ?? jsonLimit)(c, next),
);
