/**
 * A message's link preview: the card of the first web address in its text, made once and kept
 * (cache.ts) for every member who reads the message.
 */
import { and, eq } from "drizzle-orm";
import { firstWebAddress } from "@core/link-previews";
import type { Db } from "@db/client";
import { messages } from "@db/schema";
import { currentChatWith } from "../chats/access";
import { storedCard, storeCard } from "./cache";
import { makeCard, type PreviewWay } from "./fetch-card";
import { shownCard } from "./shown-card";

interface Reader {
  chatId: string;
  messageId: number;
  memberId: string;
  /** Resolves once the member's session is checked, to whether it holds: nothing leaves before. */
  checked: Promise<unknown>;
}

/**
 * The card of a message the member can see (as reading the chat needs: anyone else is told the
 * chat does not exist); null for a deleted message, one whose author took its preview off, or one
 * without an address that makes a card.
 */
export async function messagePreview(db: Db, way: PreviewWay, reader: Reader) {
  const {
    rows: [message],
  } = await currentChatWith(db, reader.chatId, reader.memberId, {
    rows: db
      .select({ content: messages.content, previewRemoved: messages.previewRemoved, deletedAt: messages.deletedAt })
      .from(messages)
      .where(
        and(eq(messages.id, reader.messageId), eq(messages.chatId, reader.chatId), eq(messages.messageType, "text")),
      ),
  });
  const address = message && !message.deletedAt && !message.previewRemoved && firstWebAddress(message.content);
  if (!address) return null;
  let card = await storedCard(db, address);
  if (card === undefined) {
    if (!(await reader.checked)) return null;
    card = await makeCard(address, way);
    await storeCard(db, address, card);
  }
  return card && shownCard(card);
}
