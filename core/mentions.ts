/**
 * A mention is kept in the message's text as a token naming the member by id, `@[Name](id)`: the
 * name is what the sender saw (what a reader without the chat's participants falls back to), the id
 * what the chat page renders with the member's current name, so renames follow. The server keeps a
 * token only for a current participant of a group; any other reads as plain `@Name`.
 */

/** Every token in a text: the name as written, then the member's id. */
export const MENTION_PATTERN = /@\[([^\]\n]{1,80})\]\(([A-Za-z0-9_-]{1,64})\)/g;

/** A group's most members notified by one message: a mention of more is not a mention. */
export const MAX_MENTIONS = 20;

export interface Mentioned {
  id: string;
  name: string;
}

/** Brackets would close the token early: a name keeps everything else. */
const tokenName = (name: string) => name.replace(/[[\]\n]/g, "").slice(0, 80) || "member";

export const mentionToken = (member: Mentioned) => `@[${tokenName(member.name)}](${member.id})`;

/** The ids a text mentions, each once, in the order they first appear. */
export const mentionedIds = (text: string) => [...new Set([...text.matchAll(MENTION_PATTERN)].map((m) => m[2]!))];

/** The text with each token as `@Name`: `nameOf` gives the current name, else the one written. */
export const plainMentions = (text: string, nameOf: (id: string) => string | null = () => null) =>
  text.replace(MENTION_PATTERN, (_, name: string, id: string) => `@${nameOf(id) ?? name}`);

/** Tokens of members `keep` refuses read as the plain `@Name` they were written as. */
export const keepMentions = (text: string, keep: (id: string) => boolean) =>
  text.replace(MENTION_PATTERN, (token, name: string, id: string) => (keep(id) ? token : `@${name}`));

/**
 * The composer's text with each member picked from the suggestions, still written `@Name`, as a
 * token. Longer names first, so 'Ada Lovelace' is not taken for 'Ada'.
 */
export function withMentionTokens(text: string, picked: Mentioned[]) {
  let result = text;
  for (const member of [...picked].sort((a, b) => b.name.length - a.name.length)) {
    const written = new RegExp(`@${escapeRegExp(member.name)}(?![\\p{L}\\p{N}_])`, "gu");
    result = result.replace(written, () => mentionToken(member));
  }
  return result;
}

/** A stored text back in the composer: its tokens as `@Name`, each member picked again. */
export function fromMentionTokens(text: string, nameOf: (id: string) => string | null) {
  const picked = new Map<string, Mentioned>();
  const plain = text.replace(MENTION_PATTERN, (_, written: string, id: string) => {
    const name = nameOf(id) ?? written;
    picked.set(id, { id, name });
    return `@${name}`;
  });
  return { text: plain, picked: [...picked.values()] };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
