/**
 * Reactions, edits and deletions from many members at once, through the real multi-process host and
 * the rooms in workerd, each member's page a real socket: what is stored is exact (no reaction
 * counted twice or lost, no edit undone by a reaction, nothing left of a deleted message), no answer
 * is a server error, and every page ends showing exactly what is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reaction } from "@core/chat-rules";
import type { WireMessage } from "@party/protocol";
import type { RunningHost } from "@testing/host";
import { eventually } from "@testing/rooms-process";
import { groupOfFriends, liveChatClient } from "./chat-client";
import { countRows, expectNoServerErrors, outcome, startCrowdHost, type Outcome } from "./crowd";

let host: RunningHost;

beforeAll(async () => {
  host = await startCrowdHost({ rooms: true });
});

afterAll(async () => {
  await host?.stop();
});

type Member = Awaited<ReturnType<typeof groupOfFriends>>["members"][number];

/** Ten members in a group, each with a page open on it and one message of their own in it. */
async function busyGroup(prefix: string) {
  const { members, chatId } = await groupOfFriends(host, 10, prefix);
  const pages = members.map((m) => liveChatClient(host.roomsHost, m.browser, chatId));
  await Promise.all(pages.map((p) => p.opened));
  const own: WireMessage[] = [];
  for (const [i, m] of members.entries()) {
    own.push(await m.browser.trpc.chats.send.mutate({ chatId, clientId: `${prefix}-${i}`, content: `from ${i}` }));
  }
  return { members, chatId, pages, own };
}

/** The chat as stored, read through the API by one of its members. */
async function stored(member: Member, chatId: string) {
  return (await member.browser.trpc.chats.messages.query({ chatId })).messages;
}

/** What each page shows of a message, beside what is stored: content, deletion and reactions. */
const shown = (messages: WireMessage[]) =>
  messages.map((m) => ({ seq: m.seq, content: m.content, deleted: m.deletedAt !== null, reactions: m.reactions }));

async function expectEveryPageShows(pages: ReturnType<typeof liveChatClient>[], truth: WireMessage[]) {
  for (const page of pages) await eventually(() => expect(shown(page.messages())).toEqual(shown(truth)), 30_000);
}

const react = (m: Member, chatId: string, messageId: number, emoji: Reaction, on: boolean) =>
  outcome(m.browser.trpc.messages.react.mutate({ chatId, messageId, emoji, on }));

describe("many members changing messages at once", () => {
  it("counts every reaction once, however many arrive together or are sent twice, and takes back exactly those taken back", async () => {
    const { members, chatId, pages, own } = await busyGroup("reacting");
    const everyone = (emoji: Reaction, on: boolean) =>
      members.flatMap((m) => own.flatMap((message) => [react(m, chatId, message.id, emoji, on)]));

    // Each reaction twice at once, as a retried request would arrive beside its first try.
    const outcomes: Outcome<unknown>[] = await Promise.all([
      ...everyone("👍", true),
      ...everyone("👍", true),
      ...everyone("❤️", true),
      ...everyone("😂", true),
    ]);
    outcomes.push(...(await Promise.all([...everyone("😂", false), ...everyone("😂", false)])));
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);

    const ids = members.map((m) => m.id).sort();
    const truth = await stored(members[0]!, chatId);
    for (const message of truth) {
      expect(Object.keys(message.reactions).sort()).toEqual(["❤️", "👍"]);
      expect([...message.reactions["👍"]!].sort()).toEqual(ids);
      expect([...message.reactions["❤️"]!].sort()).toEqual(ids);
    }
    const messageIds = own.map((m) => m.id).join(",");
    expect(await countRows(host, "message_reactions", `message_id IN (${messageIds})`)).toBe(200);
    // One change each for 300 reactions put on and 100 taken back; the repeats changed nothing.
    expect(await countRows(host, "chats", "id = ? AND change_seq = 400", [chatId])).toBe(1);
    await expectEveryPageShows(pages, truth);
    for (const page of pages) page.close();
  });

  it("keeps every edit's words and every reaction when authors edit while the others react, and a deletion racing them leaves nothing behind", async () => {
    const { members, chatId, pages, own } = await busyGroup("editing");
    const EDITS = 15;
    const editing = members.map(async (author, i) => {
      const mine: Outcome<unknown>[] = [];
      for (let v = 1; v <= EDITS; v++) {
        const content = `from ${i}, v${v}`;
        mine.push(await outcome(author.browser.trpc.messages.edit.mutate({ chatId, messageId: own[i]!.id, content })));
      }
      return mine;
    });
    const reacting = members.flatMap((m) => own.map((message) => react(m, chatId, message.id, "👍", true)));
    const outcomes = [...(await Promise.all(editing)).flat(), ...(await Promise.all(reacting))];
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);

    let truth = await stored(members[0]!, chatId);
    for (const [i, message] of truth.entries()) {
      expect(message.content).toBe(`from ${i}, v${EDITS}`);
      expect(message.reactions["👍"]).toHaveLength(10);
    }
    expect(await countRows(host, "message_edits", `message_id = ?`, [own[0]!.id])).toBe(EDITS);
    await expectEveryPageShows(pages, truth);

    // The admin deletes half the messages while everyone puts another reaction on every message.
    const [admin] = members;
    const doomed = own.slice(0, 5);
    const racing = await Promise.all([
      ...doomed.map((message) =>
        outcome(admin!.browser.trpc.messages.remove.mutate({ chatId, messageId: message.id })),
      ),
      ...members.flatMap((m) => own.map((message) => react(m, chatId, message.id, "🙏", true))),
    ]);
    expectNoServerErrors(racing);
    // A reaction that came after the deletion is told the message is gone; nothing else is refused.
    expect(racing.filter((o) => !o.ok && o.status !== 404)).toEqual([]);
    const doomedIds = doomed.map((m) => m.id).join(",");
    expect(await countRows(host, "message_reactions", `message_id IN (${doomedIds})`)).toBe(0);
    expect(await countRows(host, "message_edits", `message_id IN (${doomedIds})`)).toBe(0);
    expect(await countRows(host, "messages", `id IN (${doomedIds}) AND content = '' AND deleted_at IS NOT NULL`)).toBe(
      5,
    );

    truth = await stored(members[0]!, chatId);
    for (const message of truth.slice(5)) expect(message.reactions["🙏"]).toHaveLength(10);
    await expectEveryPageShows(pages, truth);
    for (const page of pages) page.close();
  });
});
