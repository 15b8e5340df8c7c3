/**
 * The search index follows the send a moment later (worker/chats/send-follow-up.ts): many members
 * sending at once through the multi-process host find every message within a second, and a message
 * stored by a host that died before its follow-up is found once the host is back. Projects' words are
 * indexed inside the statement that writes the project (migration 0020): many members publishing,
 * retitling and deleting at once leave each project found once by its words, and every count exact.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { createNodeDb } from "@db/local";
import { befriend } from "@testing/friends";
import { insertMessage } from "../chats/messages";
import { asTestMember, expectNoServerErrors, newBrowser, outcome, PASSWORD, signUpMany, startCrowdHost } from "./crowd";

const PAIRS = 8;
const MESSAGES_EACH = 5;
const PUBLISHERS = 12;

const dataDir = mkdtempSync(join(tmpdir(), "crewboard-search-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("what many members send at once is found by search within a second, and survives a crash before its indexing", async () => {
  const host = await startCrowdHost({ dataDir });
  const members = await signUpMany(host, PAIRS * 2, "searcher");
  const pairs = Array.from({ length: PAIRS }, (_, i) => [members[2 * i]!, members[2 * i + 1]!] as const);
  const chats = await Promise.all(
    pairs.map(async ([a, b]) => {
      await befriend(asTestMember(a), asTestMember(b));
      return (await a.browser.trpc.chats.openPrivate.mutate({ friendId: b.id })).chatId;
    }),
  );

  // Every pair's first member sends at the same moment as the others, each message a word of its own.
  const word = (pair: number, k: number) => `zephyr${pair}x${k}`;
  const sends = pairs.flatMap(([a], i) =>
    Array.from({ length: MESSAGES_EACH }, (_, k) =>
      outcome(
        a.browser.trpc.chats.send.mutate({
          chatId: chats[i]!,
          clientId: crypto.randomUUID(),
          content: `${word(i, k)} ahoy`,
        }),
      ),
    ),
  );
  const sent = await Promise.all(sends);
  expectNoServerErrors(sent);
  expect(sent.filter((o) => !o.ok)).toEqual([]);

  // Within a second of the last answer, each reader finds all five by the word they share, and
  // each by its own word.
  await expect
    .poll(
      async () => {
        const found = await Promise.all(
          pairs.map(([, b], i) => b.browser.trpc.messages.search.query({ chatId: chats[i]!, query: "ahoy" })),
        );
        return found.map((page) => page.items.length);
      },
      { timeout: 1000, interval: 50 },
    )
    .toEqual(pairs.map(() => MESSAGES_EACH));
  for (const [i, [, b]] of pairs.entries()) {
    const { items } = await b.browser.trpc.messages.search.query({ chatId: chats[i]!, query: word(i, 3) });
    expect(items.map((item) => item.content)).toEqual([`${word(i, 3)} ahoy`]);
  }

  // The host dies with a message stored and its follow-up not yet run: the state `kill -9` leaves
  // between the send's answer and its follow-up, written here by the send's own statement.
  await host.kill();
  const [a, b] = pairs[0]!;
  const db = createNodeDb({ url: `file:${join(dataDir, "app.db")}` });
  const [stored] = await insertMessage(db, {
    chatId: chats[0]!,
    senderId: a.id,
    clientId: crypto.randomUUID(),
    content: "stranded quasar",
    messageType: "text",
  });
  db.$client.close();
  expect(stored).toBeDefined();

  const restarted = await startCrowdHost({ dataDir });
  try {
    const reader = newBrowser(restarted);
    await reader.trpc.auth.signIn.mutate({ email: b.email, password: PASSWORD });
    await expect
      .poll(async () =>
        (await reader.trpc.messages.search.query({ chatId: chats[0]!, query: "quasar" })).items.map((m) => m.content),
      )
      .toEqual(["stranded quasar"]);
  } finally {
    await restarted.stop();
  }
});

test("projects that many members publish, retitle and delete at once are each found once by their words, and each word's count stays exact", async () => {
  const host = await startCrowdHost({ dataDir: mkdtempSync(join(tmpdir(), "crewboard-project-search-")) });
  try {
    const members = await signUpMany(host, PUBLISHERS, "publisher");
    // Every member publishes three at the same moment as the others: words all share, and their own.
    const created = await Promise.all(
      members.flatMap((m, i) =>
        [0, 1, 2].map((k) =>
          outcome(
            m.browser.trpc.projects.create.mutate({
              title: `Heliograph ${i} ${k}`,
              category: "IoT",
              description: `A lantern for member${i}`,
            }),
          ),
        ),
      ),
    );
    expectNoServerErrors(created);
    expect(created.filter((o) => !o.ok)).toEqual([]);
    const id = (i: number, k: number) => (created[3 * i + k] as { ok: true; value: { id: string } }).value.id;

    // Then, all at once again, each retitles their first and deletes their second.
    const changed = await Promise.all(
      members.flatMap((m, i) => [
        outcome(
          m.browser.trpc.projects.update.mutate({
            id: id(i, 0),
            title: `Semaphore ${i}`,
            category: "IoT",
            description: `A lantern for member${i}`,
          }),
        ),
        outcome(m.browser.trpc.projects.remove.mutate({ id: id(i, 1) })),
      ]),
    );
    expectNoServerErrors(changed);
    expect(changed.filter((o) => !o.ok)).toEqual([]);

    const reader = members[0]!.browser;
    const everyPage = async (search: string) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await reader.trpc.projects.list.query({ search, limit: 5, cursor });
        ids.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return ids.sort();
    };
    const each = (k: number) => members.map((_, i) => id(i, k));
    expect(await everyPage("heliograph")).toEqual(each(2).sort());
    expect(await everyPage("semaphore")).toEqual(each(0).sort());
    expect(await everyPage("lantern")).toEqual([...each(0), ...each(2)].sort());
    expect(await everyPage("lantern member3")).toEqual([id(3, 0), id(3, 2)].sort());

    const db = host.openDatabase();
    try {
      const counted = await db.execute("SELECT word, docs FROM project_search_words WHERE docs > 0 ORDER BY word");
      const held = await db.execute("SELECT word, count(*) AS docs FROM project_postings GROUP BY word ORDER BY word");
      expect(counted.rows.map((r) => [r.word, Number(r.docs)])).toEqual(held.rows.map((r) => [r.word, Number(r.docs)]));
      expect(held.rows.find((r) => r.word === "lantern")?.docs).toBe(2 * PUBLISHERS);
    } finally {
      db.close();
    }
  } finally {
    await host.stop();
  }
});
