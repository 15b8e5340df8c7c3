import { TRPCError } from "@trpc/server";
import { bodyLimit } from "hono/body-limit";
import type { Context } from "hono";
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
const limit = (maxSize: number, message: string) => {
  const onError = (c: Context) => trpcErrorResponse(c, new TRPCError({ code: "PAYLOAD_TOO_LARGE", message }));
  return { maxSize, onError, middleware: bodyLimit({ maxSize, onError }) };
};

const jsonLimit = limit(MAX_JSON_BODY, "This request is too large.");
/** The uploads, each bounded by the largest file it takes; every other call by the JSON limit. */
const uploadLimits = new Map([
  ["/api/trpc/profiles.uploadAvatar", limit(MAX_AVATAR_BYTES + MULTIPART_OVERHEAD, AVATAR_TOO_LARGE)],
  ["/api/trpc/attachments.upload", limit(MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD, ATTACHMENT_TOO_LARGE)],
]);

/** Queries (GET) carry no body: asking for one would make the Node host build a whole Request. */
const BODILESS = new Set(["GET", "HEAD"]);

/**
 * A body that declares its length is judged by it before a byte is read, as hono's `bodyLimit`
 * judges it, and the server never delivers more than it declared. Only a body without a length is
 * counted as it streams, through hono's `bodyLimit`: that one first asks for `c.req.raw.body`, which
 * on the Node host builds a whole fetch Request, whose signal undici follows through a
 * FinalizationRegistry, so every request's Request outlived the young generation (a send's
 * collections took half again as long).
 */
export const trpcBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (BODILESS.has(c.req.method)) return next();
  const { maxSize, onError, middleware } = uploadLimits.get(c.req.path) ?? jsonLimit;
  const declared = c.req.header("Content-Length");
  if (declared === undefined || c.req.header("Transfer-Encoding") !== undefined) return middleware(c, next);
  return Number(declared) > maxSize ? onError(c) : next();
});
