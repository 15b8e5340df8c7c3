/**
 * Mentions and search under many members writing at once, through the real multi-process host: a
 * send retried while its first try is on its way stores one message and one notification per
 * member it mentions, edits racing to add a mention tell each member once, and the search index
 * follows racing edits and deletions exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mentionToken } from "@core/mentions";
import type { RunningHost } from "@testing/host";
import { groupOfFriends } from "./chat-client";
import { countRows, expectNoServerErrors, outcome, startCrowdHost } from "./crowd";

let host: RunningHost;

beforeAll(async () => {
  host = await startCrowdHost();
});

afterAll(async () => {
  await host?.stop();
});

describe("mentions and search with many members at once", () => {
  /** Each member told of exactly two mentions in the chat, and one push each: twenty in all. */
  async function expectMentioned(members: { id: string }[], chatId: string) {
    for (const m of members) {
      expect(await countRows(host, "notifications", "recipient_id = ? AND kind = 'mention'", [m.id])).toBe(2);
    }
    expect(
      await countRows(host, "push_outbox", `payload LIKE '%"title":"New mention"%' AND payload LIKE ?`, [
        `%${chatId}%`,
      ]),
    ).toBe(20);
  }

  it("a send tried three times at once notifies each member it mentions once, and pushes once", async () => {
    const { members, chatId } = await groupOfFriends(host, 10, "mentioning");
    const next = (i: number, by: number) => members[(i + by) % members.length]!;
    const sends = members.flatMap((m, i) => {
      const content = `${mentionToken({ id: next(i, 1).id, name: "one" })} ${mentionToken({ id: next(i, 2).id, name: "two" })} ${i}`;
      const input = { chatId, clientId: `mentioning-${i}`, content };
      return [1, 2, 3].map(() => outcome(m.browser.trpc.chats.send.mutate(input)));
    });
    const outcomes = await Promise.all(sends);
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);

    expect(await countRows(host, "messages", "chat_id = ? AND message_type = 'text'", [chatId])).toBe(10);
    await expectMentioned(members, chatId);
  });

  it("edits racing and retried tell each member they newly mention once, and push once", async () => {
    const { members, chatId } = await groupOfFriends(host, 10, "edit-mentioning");
    const next = (i: number, by: number) => members[(i + by) % members.length]!;
    const own = await Promise.all(
      members.map((m, i) =>
        m.browser.trpc.chats.send.mutate({ chatId, clientId: `edit-mentioning-${i}`, content: `plain ${i}` }),
      ),
    );
    const edits = members.flatMap((m, i) => {
      const one = mentionToken({ id: next(i, 1).id, name: "one" });
      const two = mentionToken({ id: next(i, 2).id, name: "two" });
      // Three different texts, each sent twice at once: every text is stored in some order, and
      // whichever comes first names the member it adds.
      const texts = [`${one} take 1`, `${one} take 2`, `${one} ${two} take 3`];
      return texts.flatMap((content) =>
        [1, 2].map(() => outcome(m.browser.trpc.messages.edit.mutate({ chatId, messageId: own[i]!.id, content }))),
      );
    });
    const outcomes = await Promise.all(edits);
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);

    await expectMentioned(members, chatId);
  });

  it("the index holds each message's words as they end up, whatever edits and deletions race", async () => {
    const { members, chatId } = await groupOfFriends(host, 10, "indexing");
    const own = await Promise.all(
      members.map((m, i) =>
        m.browser.trpc.chats.send.mutate({ chatId, clientId: `indexing-${i}`, content: `heron ${i}` }),
      ),
    );
    const changes = members.flatMap((m, i) => {
      const target = { chatId, messageId: own[i]!.id };
      const edits = [1, 2, 3].map((n) =>
        outcome(m.browser.trpc.messages.edit.mutate({ ...target, content: `egret ${i} take ${n}` })),
      );
      // Every other member also deletes theirs while the edits race.
      return i % 2 ? [...edits, outcome(m.browser.trpc.messages.remove.mutate(target))] : edits;
    });
    const outcomes = await Promise.all(changes);
    expectNoServerErrors(outcomes);

    const found = async (words: string) =>
      (await members[0]!.browser.trpc.messages.search.query({ chatId, query: words })).items;
    // The index follows the sends a moment after their answers (worker/chats/send-follow-up.ts).
    const standingIds = own
      .filter((_, i) => i % 2 === 0)
      .map((message) => message.id)
      .sort();
    await expect.poll(async () => (await found("egret")).map((item) => item.id).sort()).toEqual(standingIds);
    const standing = await found("egret");
    expect(await found("heron")).toEqual([]);
    // Each standing message is found by the words it holds now, and by no other take.
    const history = (await members[0]!.browser.trpc.chats.messages.query({ chatId })).messages;
    for (const item of standing) expect(item.content).toBe(history.find((m) => m.id === item.id)!.content);
    const indexed = await countRows(host, "messages_fts", "messages_fts MATCH 'egret'");
    expect(indexed).toBe(5);
  });
});
