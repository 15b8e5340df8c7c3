/**
 * Files from many members at once, through the real multi-process host: each uploads and sends while
 * the others do, sends are retried beside their first try, and two sends race for one upload. What is
 * stored is exact (one message per send, each carrying exactly its sender's files, no file carried
 * twice, none left unclaimed), no answer is a server error, and every file is served to the others.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { attachmentUrl } from "@core/attachment-rules";
import type { WireMessage } from "@party/protocol";
import { attachmentForm } from "@testing/forms";
import type { RunningHost } from "@testing/host";
import { groupOfFriends } from "./chat-client";
import { countRows, expectNoServerErrors, outcome, startCrowdHost, type Outcome } from "./crowd";

let host: RunningHost;

beforeAll(async () => {
  host = await startCrowdHost();
});

afterAll(async () => {
  await host?.stop();
});

const MEMBERS = 10;
const FILES_EACH = 3;

it("ten members upload and send files at once: exact rows, each file carried once, no server error", async () => {
  const { members, chatId } = await groupOfFriends(host, MEMBERS, "attaching");
  const bytes = (i: number, f: number) => new TextEncoder().encode(`file ${f} of member ${i}`);

  const sending = members.map(async (m, i) => {
    const uploads = await Promise.all(
      Array.from({ length: FILES_EACH }, (_, f) =>
        outcome(m.browser.trpc.attachments.upload.mutate(attachmentForm(chatId, bytes(i, f), `m${i}-f${f}.txt`))),
      ),
    );
    const ids = uploads.map((u) => (u.ok ? u.value.id : ""));
    const input = { chatId, clientId: `attaching-${i}`, content: `files from ${i}`, attachmentIds: ids };
    // Each send twice at once, as a retry would arrive beside its first try.
    const sends = await Promise.all([
      outcome(m.browser.trpc.chats.send.mutate(input)),
      outcome(m.browser.trpc.chats.send.mutate(input)),
    ]);
    return { uploads, sends, ids };
  });
  const results = await Promise.all(sending);
  const outcomes: Outcome<unknown>[] = results.flatMap((r) => [...r.uploads, ...r.sends]);
  expectNoServerErrors(outcomes);
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);

  // Both tries of a send answer the one stored message, with the sender's files in their order.
  for (const [i, { sends, ids }] of results.entries()) {
    const [first, second] = sends.map((s) => (s as { ok: true; value: WireMessage }).value);
    expect(second).toEqual(first);
    expect(first!.attachments.map((a) => a.id)).toEqual(ids);
    expect(first!.attachments.map((a) => a.name)).toEqual(ids.map((_, f) => `m${i}-f${f}.txt`));
  }
  expect(await countRows(host, "messages", "chat_id = ? AND message_type = 'text'", [chatId])).toBe(MEMBERS);
  expect(await countRows(host, "message_attachments", "chat_id = ?", [chatId])).toBe(MEMBERS * FILES_EACH);
  expect(await countRows(host, "message_attachments", "chat_id = ? AND message_id IS NULL", [chatId])).toBe(0);
  expect(
    await countRows(
      host,
      "message_attachments a JOIN messages m ON m.id = a.message_id",
      "a.chat_id = ? AND a.uploader_id <> m.sender_id",
      [chatId],
    ),
  ).toBe(0);

  // Every file is there for the others, each its own bytes.
  const reader = members[0]!;
  const fetched = await Promise.all(
    results.flatMap(({ ids }, i) =>
      ids.map(async (id, f) => {
        const response = await reader.browser.request(attachmentUrl(id));
        return { status: response.status, text: await response.text(), expected: `file ${f} of member ${i}` };
      }),
    ),
  );
  for (const file of fetched) expect(file).toEqual({ status: 200, text: file.expected, expected: file.expected });
});

it("two sends racing for one upload: exactly one carries it, the other is refused in words", async () => {
  const { members, chatId } = await groupOfFriends(host, 2, "racing");
  const [ada] = members;
  const races = await Promise.all(
    Array.from({ length: 8 }, async (_, r) => {
      const upload = await ada!.browser.trpc.attachments.upload.mutate(attachmentForm(chatId));
      const send = (n: number) =>
        outcome(
          ada!.browser.trpc.chats.send.mutate({
            chatId,
            clientId: `racing-${r}-${n}`,
            content: `race ${r}`,
            attachmentIds: [upload.id],
          }),
        );
      return Promise.all([send(1), send(2)]);
    }),
  );
  const outcomes = races.flat();
  expectNoServerErrors(outcomes);
  for (const race of races) {
    expect(race.filter((o) => o.ok)).toHaveLength(1);
    expect(race.find((o) => !o.ok)).toMatchObject({ status: 400 });
  }
  expect(await countRows(host, "messages", "chat_id = ? AND message_type = 'text'", [chatId])).toBe(8);
  expect(await countRows(host, "message_attachments", "chat_id = ? AND message_id IS NOT NULL", [chatId])).toBe(8);
});
