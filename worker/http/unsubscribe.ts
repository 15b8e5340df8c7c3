/**
 * One-click unsubscribe (RFC 8058): a digest's `List-Unsubscribe` header names this address, and
 * a mail client's 'Unsubscribe' button POSTs `List-Unsubscribe=One-Click` to it, with no cookie and
 * no Origin, so it sits before the Origin check: its signed query is the whole authority. A client
 * that opens the address instead is sent to the page, which does the same and says so.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribedSentence } from "@core/notification-text";
import type { AppEnv } from "../env";
import { UNSUBSCRIBE_PAGE, unsubscribe } from "../notifications/unsubscribe";

export const oneClickUnsubscribe = new Hono<AppEnv>()
  .post("/", async (c) => {
    const kinds = await unsubscribe(c.var.db, c.var.config.unsubscribeSecret, c.req.query());
    if (!kinds) throw new HTTPException(400, { message: INVALID_UNSUBSCRIBE_LINK });
    return c.json({ message: unsubscribedSentence(kinds) });
  })
  .get("/", (c) => c.redirect(`${c.var.config.appUrl}${UNSUBSCRIBE_PAGE}?${new URL(c.req.url).search.slice(1)}`, 303));
