import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { shownInline } from "@core/attachment-rules";
import { isAttachmentId, servableFile } from "../attachments/uploads";
import type { AppEnv } from "../env";
import { UNKNOWN_TYPE } from "../attachments/file-kinds";

/** `attachment; filename=…` with an ASCII fallback and the exact name in RFC 5987 form. */
function disposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Files attached to messages. Every request is checked against the chat's participants now (a member
 * who left is refused what they could fetch yesterday), and anything not a raster image is a download
 * the browser may not sniff into a page. Unknown, refused and removed files all answer the same 404.
 */
export const attachmentRoutes = new Hono<AppEnv>().get("/:id", async (c) => {
  const user = (await c.var.signedIn)?.user;
  if (!user) throw new HTTPException(401, { message: "Please sign in." });
  const id = c.req.param("id");
  const file = isAttachmentId(id) ? await servableFile(c.var.db, id, user.id) : null;
  if (!file) throw new HTTPException(404, { message: "Not found" });
  const etag = `"${id}"`;
  const inline = shownInline(file.contentType);
  const headers = {
    "Content-Disposition": disposition(inline ? "inline" : "attachment", file.name),
    "X-Content-Type-Options": "nosniff",
    // The browser keeps it for this member alone and asks again each time, so a participant who
    // leaves loses it at once; the bytes behind an id never change, so asking again is cheap.
    "Cache-Control": "private, no-cache",
    ETag: etag,
    // Opened on its own, even an image runs nothing and reaches nothing.
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  };
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
  const stored = await c.var.attachments.get(id);
  if (!stored) throw new HTTPException(404, { message: "Not found" });
  return c.body(stored.body, 200, {
    ...headers,
    "Content-Type": inline ? file.contentType : UNKNOWN_TYPE,
    "Content-Length": String(file.size),
  });
});
