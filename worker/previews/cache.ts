/**
 * Cards already made, by address: a card is made again after a day, and an address that made none
 * (unreachable, refused, no title) is tried again after an hour, so a chat full of one link costs
 * one request to its site.
 */
import { eq, lte } from "drizzle-orm";
import type { LinkPreview } from "@core/link-previews";
import type { Db } from "@db/client";
import { linkPreviews } from "@db/schema";

const CARD_KEPT_MS = 24 * 60 * 60 * 1000;
const NONE_KEPT_MS = 60 * 60 * 1000;

/** Cards no reader would be given any more (the scheduled jobs delete them): older than any is kept. */
export const expiredCards = (now: number) => lte(linkPreviews.fetchedAt, new Date(now - CARD_KEPT_MS));

/** The stored card: `undefined` when none is stored or it is too old, null when the address made none. */
export async function storedCard(db: Db, url: string, now = Date.now()) {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
  if (!row) return undefined;
  const age = now - row.fetchedAt.getTime();
  return age < (row.card ? CARD_KEPT_MS : NONE_KEPT_MS) ? row.card : undefined;
}

export async function storeCard(db: Db, url: string, card: LinkPreview | null, now = Date.now()) {
  const fetchedAt = new Date(now);
  await db
    .insert(linkPreviews)
    .values({ url, card, fetchedAt })
    .onConflictDoUpdate({ target: linkPreviews.url, set: { card, fetchedAt } });
}

/** The picture a stored page card names, whatever its age; null when there is none. */
export async function storedImage(db: Db, url: string) {
  const [row] = await db.select({ card: linkPreviews.card }).from(linkPreviews).where(eq(linkPreviews.url, url));
  return row?.card?.kind === "page" ? row.card.image : null;
}
