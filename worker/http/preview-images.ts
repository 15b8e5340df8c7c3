import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { storedImage } from "../previews/cache";
import { PAGE_RULES } from "../previews/fetch-card";

/** Pictures a browser shows as they are: no SVG, which can carry script and reach out. */
const SHOWN_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * The picture of a stored link preview, fetched through the outbound guard and served from our
 * origin, so a member's browser never asks the site (which would learn who reads the chat). Only
 * the pictures stored cards name are fetched: this is no proxy for any other address. Anything
 * that cannot be fetched, or is not a raster image within the size limit, is a 404 and the card
 * shows without it.
 */
export const previewImageRoutes = new Hono<AppEnv>().get("/image", async (c) => {
  if (!(await c.var.signedIn)) throw new HTTPException(401, { message: "Please sign in." });
  const notFound = () => new HTTPException(404, { message: "Not found" });
  const image = await storedImage(c.var.db, c.req.query("url") ?? "");
  if (!image) throw notFound();
  const response = await c.var
    .outbound(
      image,
      { headers: { Accept: [...SHOWN_TYPES].join(", ") } },
      { ...PAGE_RULES, maxBytes: MAX_IMAGE_BYTES, trustedHosts: c.var.config.previews.trustedHosts },
    )
    .catch(() => null);
  const type = response?.headers.get("content-type")?.split(";")[0]!.trim().toLowerCase() ?? "";
  if (!response?.ok || !SHOWN_TYPES.has(type)) throw notFound();
  return c.body(await response.arrayBuffer(), 200, {
    "Content-Type": type,
    "X-Content-Type-Options": "nosniff",
    // For this member's browser alone, for as long as the card is kept.
    "Cache-Control": "private, max-age=86400",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
});
