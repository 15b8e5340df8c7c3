import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** Ada's private chat with Bob and her group 'Crew' with Cy; Dee is nobody's. */
async function world() {
  const [ada, bob, cy, dee] = [
    await t.member("Ada Lovelace"),
    await t.member("Bob Babbage"),
    await t.member("Cy Clops"),
    await t.member("Dee Outside"),
  ];
  await befriend(ada, bob);
  await befriend(ada, cy);
  const { chatId: pair } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id });
  const { chatId: crew } = await ada.trpc.chats.createGroup.mutate({ name: "Crew", memberIds: [cy.me.id] });
  return { ada, bob, cy, dee, pair, crew };
}

/** Sends and waits for what follows the answer: the message enters the search index a moment later. */
const sendNow = (m: TestMember, chatId: string, content: string) =>
  m.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
async function send(m: TestMember, chatId: string, content: string) {
  const sent = await sendNow(m, chatId, content);
  await t.settle();
  return sent;
}
const found = (page: { items: { content: string }[] }) => page.items.map((item) => item.content);

describe("searching messages", () => {
  it("finds a chat's messages by their words, newest first, the last word as a prefix, accents and case aside", async () => {
    const { ada, bob, pair, crew } = await world();
    await send(ada, pair, "The deployment is tomorrow");
    await send(bob, pair, "Café at noon?");
    await send(bob, pair, "deploy went fine");
    await send(ada, crew, "deploy elsewhere");

    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "deploy" }))).toEqual([
      "deploy went fine",
      "The deployment is tomorrow",
    ]);
    expect(found(await bob.trpc.messages.search.query({ chatId: pair, query: "CAFE" }))).toEqual(["Café at noon?"]);
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "deployment tomorrow" }))).toEqual([
      "The deployment is tomorrow",
    ]);
    const [hit] = (await ada.trpc.messages.search.query({ chatId: pair, query: "noon" })).items;
    expect(hit).toMatchObject({ chatId: pair, seq: 2, senderId: bob.me.id, senderName: "Bob Babbage" });
  });

  it("across chats finds only the member's own chats, each result naming its chat and its sender", async () => {
    const { ada, bob, cy, dee, pair, crew } = await world();
    await send(bob, pair, "quokka sighting");
    await send(cy, crew, "quokka in the group");
    const [other, stranger] = [await t.member("Eve Else"), await t.member("Fay Far")];
    await befriend(other, stranger);
    const { chatId: theirs } = await other.trpc.chats.openPrivate.mutate({ friendId: stranger.me.id });
    await send(other, theirs, "quokka elsewhere");

    const all = await ada.trpc.messages.searchAll.query({ query: "quokka" });
    expect(all.items.map((item) => [item.content, item.chat, item.senderName])).toEqual([
      ["quokka in the group", { isGroup: true, title: "Crew" }, "Cy Clops"],
      ["quokka sighting", { isGroup: false, title: "Bob Babbage" }, "Bob Babbage"],
    ]);
    // A member's own message in a private chat: the chat is named for the friend, the sender is them.
    const [own] = (await bob.trpc.messages.searchAll.query({ query: "quokka" })).items;
    expect([own!.chat.title, own!.senderId, own!.senderName]).toEqual(["Ada Lovelace", bob.me.id, "Bob Babbage"]);
    expect(found(await bob.trpc.messages.searchAll.query({ query: "quokka" }))).toEqual(["quokka sighting"]);
    expect(found(await dee.trpc.messages.searchAll.query({ query: "quokka" }))).toEqual([]);
  });

  it("answers participants only: an outsider and a member who left are told the chat does not exist", async () => {
    const { ada, cy, dee, crew } = await world();
    await send(ada, crew, "secret plan");
    expect(await rejection(dee.trpc.messages.search.query({ chatId: crew, query: "secret" }))).toMatchObject({
      code: "NOT_FOUND",
      message: "This chat does not exist or you are no longer in it.",
    });
    await cy.trpc.chats.leave.mutate({ chatId: crew });
    expect(await rejection(cy.trpc.messages.search.query({ chatId: crew, query: "secret" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(found(await cy.trpc.messages.searchAll.query({ query: "secret" }))).toEqual([]);
  });

  it("never finds a deleted message, and finds an edited one by its new words only", async () => {
    const { ada, pair } = await world();
    const gone = await send(ada, pair, "walrus to delete");
    const edited = await send(ada, pair, "walrus before");
    await ada.trpc.messages.remove.mutate({ chatId: pair, messageId: gone.id });
    await ada.trpc.messages.edit.mutate({ chatId: pair, messageId: edited.id, content: "narwhal after" });
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "walrus" }))).toEqual([]);
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "narwhal" }))).toEqual(["narwhal after"]);
    // The index holds nothing of the deleted message: its words are not there to find at all.
    const indexed = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'walrus'`,
    );
    expect(indexed[0]!.n).toBe(0);
    // Nor the list of words a search's last word is read against.
    const words = await t.db.all<{ word: string }>(
      sql`SELECT word FROM message_search_words WHERE word IN ('walrus', 'before', 'delete', 'narwhal')`,
    );
    expect(words.map((w) => w.word).sort()).toEqual(["narwhal"]);
  });

  it("indexes a message a moment after its send, as it stands by then: edited, deleted, or taken down", async () => {
    const { ada, pair } = await world();
    const plain = await sendNow(ada, pair, "heron arrives");
    const edited = await sendNow(ada, pair, "heron early words");
    const gone = await sendNow(ada, pair, "heron to delete");
    const removed = await sendNow(ada, pair, "heron contraband");
    // Stored and answered; the index follows after the answer.
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "heron" }))).toEqual([]);
    await ada.trpc.messages.edit.mutate({ chatId: pair, messageId: edited.id, content: "heron later words" });
    await ada.trpc.messages.remove.mutate({ chatId: pair, messageId: gone.id });
    await t.db.run(sql`UPDATE messages SET message_type = 'removed', content = '' WHERE id = ${removed.id}`);
    await t.settle();

    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "heron" }))).toEqual([
      "heron later words",
      plain.content,
    ]);
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "early" }))).toEqual([]);
    const words = await t.db.all<{ word: string }>(
      sql`SELECT word FROM message_search_words WHERE word IN ('heron', 'later', 'delete', 'contraband')`,
    );
    expect(words.map((w) => w.word).sort()).toEqual(["heron", "later"]);
    // The index holds the two messages standing, once each.
    const indexed = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'heron'`,
    );
    expect(indexed[0]!.n).toBe(2);
  });

  it("never finds a message a moderator took down", async () => {
    const { ada, pair } = await world();
    const reported = await send(ada, pair, "contraband parrots");
    // As the desk's removal writes it (worker/safety/moderation.ts).
    await t.db.run(sql`UPDATE messages SET message_type = 'removed', content = '' WHERE id = ${reported.id}`);
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "parrots" }))).toEqual([]);
    const indexed = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'parrots'`,
    );
    expect(indexed[0]!.n).toBe(0);
  });

  it("forgets messages removed with their chat's history", async () => {
    const { ada, pair } = await world();
    const sent = await send(ada, pair, "ephemeral otter");
    await t.db.delete(messages).where(eq(messages.id, sent.id));
    const indexed = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'otter'`,
    );
    expect(indexed[0]!.n).toBe(0);
  });

  it("leaves out the words of someone the member blocked, and a private chat the block hides", async () => {
    const { ada, bob, cy, pair, crew } = await world();
    await send(bob, pair, "albatross from bob");
    await send(cy, crew, "albatross from cy");
    await send(ada, crew, "albatross from ada");
    await ada.trpc.safety.block.mutate({ memberId: cy.me.id });
    await ada.trpc.safety.block.mutate({ memberId: bob.me.id });
    expect(found(await ada.trpc.messages.searchAll.query({ query: "albatross" }))).toEqual(["albatross from ada"]);
    expect(found(await ada.trpc.messages.search.query({ chatId: crew, query: "albatross" }))).toEqual([
      "albatross from ada",
    ]);
    // The blocked member still finds what they may read.
    expect(found(await cy.trpc.messages.search.query({ chatId: crew, query: "albatross" }))).toEqual([
      "albatross from ada",
      "albatross from cy",
    ]);
  });

  it("pages by cursor, each result once", async () => {
    const { ada, pair } = await world();
    for (let i = 1; i <= 45; i++) await send(ada, pair, `pelican ${i}`);
    const seen: string[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: { items: { content: string }[]; nextCursor: number | null } = await ada.trpc.messages.search.query({
        chatId: pair,
        query: "pelican",
        cursor,
      });
      seen.push(...found(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `pelican ${45 - i}`));
  });

  it("reads what was typed as words: FTS syntax, quotes and blanks are neither errors nor operators", async () => {
    const { ada, pair } = await world();
    await send(ada, pair, 'say "NEAR" OR not');
    for (const query of ['"', "NEAR(", "OR", "*", "a AND", ")(", "-x", "   ", "^"]) {
      const page = await ada.trpc.messages.search.query({ chatId: pair, query });
      expect(Array.isArray(page.items)).toBe(true);
    }
    expect(found(await ada.trpc.messages.search.query({ chatId: pair, query: "near OR" }))).toEqual([
      'say "NEAR" OR not',
    ]);
    expect(await rejection(ada.trpc.messages.search.query({ chatId: pair, query: "x".repeat(201) }))).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Searches can be at most 200 characters."),
    });
  });
});
