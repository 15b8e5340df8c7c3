/**
 * Unsubscribing from the e-mail digest without signing in. Each digest carries links that turn
 * e-mail off for one kind (or, in its List-Unsubscribe header, for every kind it told of); a link
 * names the member and the kinds and is signed with the server's UNSUBSCRIBE_SECRET, so it works
 * for exactly what it was sent for: a changed member, kind or signature is not valid and changes
 * nothing. Links do not expire: an old digest's link must still stop the e-mails (RFC 8058 §3).
 */
import { sql } from "drizzle-orm";
import { defaultChannels, PREFERENCE_KEYS, type PreferenceKey } from "@core/notification-rules";
import { isPreferenceKey } from "@core/notification-text";
import type { Db } from "@db/client";
import { constantTimeEqual, hmac } from "@party/ticket";

/** The page a member opens from the digest (web/routes/unsubscribe.tsx). */
export const UNSUBSCRIBE_PAGE = "/unsubscribe";
/** Where mail clients POST `List-Unsubscribe=One-Click` (worker/http/unsubscribe.ts). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/email/unsubscribe";

/** Whose e-mail, and which kinds of it, a link turns off. */
export interface UnsubscribeTarget {
  member: string;
  kinds: PreferenceKey[];
}

/** A link's query as it arrives; any part may be missing or junk. */
export interface UnsubscribeQuery {
  member?: string;
  kinds?: string;
  sig?: string;
}

const signature = (secret: string, member: string, kinds: string) =>
  hmac(secret, `crewboard-unsubscribe\n${member}\n${kinds}`);

/** The signed query (`member=…&kinds=…&sig=…`) of a link that turns these kinds off for this member. */
export async function unsubscribeQuery(secret: string, { member, kinds }: UnsubscribeTarget) {
  const list = PREFERENCE_KEYS.filter((key) => kinds.includes(key)).join(",");
  return new URLSearchParams({ member, kinds: list, sig: await signature(secret, member, list) }).toString();
}

/** What a genuine link turns off; null for anything else. */
export async function verifyUnsubscribe(secret: string, query: UnsubscribeQuery): Promise<UnsubscribeTarget | null> {
  const { member, kinds, sig } = query;
  if (!member || !kinds || !sig) return null;
  if (!constantTimeEqual(sig, await signature(secret, member, kinds))) return null;
  const list = kinds.split(",");
  return list.every(isPreferenceKey) ? { member, kinds: list } : null;
}

/**
 * Turns e-mail off for those kinds in one statement, keeping each kind's push choice (its default
 * for a kind never chosen). A member whose account is gone has nothing to turn off.
 */
function turnEmailOff(db: Db, { member, kinds }: UnsubscribeTarget) {
  const choices = JSON.stringify(kinds.map((kind) => ({ kind, push: defaultChannels(kind).push })));
  return db.run(sql`
    INSERT INTO notification_preferences (member_id, kind, email, push)
    SELECT users.id, json_extract(choice.value, '$.kind'), 0, json_extract(choice.value, '$.push')
    FROM users, json_each(${choices}) AS choice
    WHERE users.id = ${member}
    ON CONFLICT (member_id, kind) DO UPDATE SET email = 0`);
}

/** Follows a link: the kinds whose e-mail is now off, or null when the link is not valid (nothing changed). */
export async function unsubscribe(db: Db, secret: string, query: UnsubscribeQuery) {
  const target = await verifyUnsubscribe(secret, query);
  if (!target) return null;
  await turnEmailOff(db, target);
  return target.kinds;
}
