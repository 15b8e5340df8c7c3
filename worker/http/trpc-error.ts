import { getTRPCErrorShape, transformTRPCResponse, type TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { appRouter } from "../routers";

/**
 * Answers a tRPC request refused before tRPC ran (a body too large, a database down during the
 * session check) exactly as a procedure throwing `error` would, so the client reads its message.
 * A batch (`?batch=1`, paths joined by commas) gets one answer per call.
 */
export function trpcErrorResponse(c: Context, error: TRPCError) {
  const config = appRouter._def._config;
  const paths = c.req.path.slice("/api/trpc/".length).split(",");
  const answers = paths.map((path) =>
    transformTRPCResponse(config, {
      error: getTRPCErrorShape({ config, error, type: "unknown", path, input: undefined, ctx: undefined }),
    }),
  );
  const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
  return c.json(c.req.query("batch") ? answers : answers[0], status);
}
