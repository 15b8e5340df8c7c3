/**
 * A member paging through a long chat of the longest messages leaves nothing behind in the serving
 * process: every page is read, sent and dropped. A driver that kept query results would keep each
 * page the walk asks for, and any member could fill the process by paging.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE } from "@core/chat-rules";
import { friends } from "@db/schema";
import { createTestApp } from "@testing/harness";

const MESSAGES = 1000;
/**
 * The ceiling: what the walk may add to the heap, all garbage collected. Each page is 50 messages
 * of 4,000 characters, ~0.2 MB of text (more once encoded), and the walk asks for ~950 different
 * pages, ~190 MB in all: with the driver that kept the results of its last 1,000 reads, this walk
 * ended 214 MB up. Nothing of a page should outlive its request; what may grow is code V8 compiles
 * for the paths the walk takes and the harness's own records (5 MB measured without the cache).
 * 32 MB leaves room for that and for the collector's slack, and is a sixth of what the cache kept.
 */
const CEILING_MB = 32;

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

function heapMb() {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

it(`pages through ${MESSAGES} messages of ${MAX_MESSAGE_LENGTH} characters with the heap staying under ${CEILING_MB} MB above where it started`, async () => {
  const t = await createTestApp();
  const [ada, bob] = [await t.member("Ada Lovelace"), await t.member("Bob Babbage")];
  await t.db
    .insert(friends)
    .values({ id: crypto.randomUUID(), userId: ada.me.id, friendId: bob.me.id, status: "accepted" });
  const { chatId } = await ada.trpc.chats.createGroup.mutate({ name: "Long reads", memberIds: [bob.me.id] });
  for (let i = 1; i <= MESSAGES; i++) {
    const content = `${i} `.padEnd(MAX_MESSAGE_LENGTH, "abcdefghij");
    await (i % 2 ? ada : bob).trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
  }
  // Warmed up: the first page has been read once, so the walk is measured, not the first compile.
  await bob.trpc.chats.messages.query({ chatId });

  const before = heapMb();
  let read = 0;
  // Every page a member can ask for, one message further back each time.
  for (let beforeSeq = MESSAGES + 1; beforeSeq > MESSAGE_PAGE_SIZE; beforeSeq--) {
    const page = await bob.trpc.chats.messages.query({ chatId, beforeSeq });
    expect(page.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(page.messages[0]!.content).toHaveLength(MAX_MESSAGE_LENGTH);
    read += page.messages.length;
  }
  const after = heapMb();

  expect(read).toBe((MESSAGES - MESSAGE_PAGE_SIZE + 1) * MESSAGE_PAGE_SIZE);
  expect(after - before).toBeLessThan(CEILING_MB);
}, 120_000);
