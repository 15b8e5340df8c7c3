/**
 * Blocks racing what they stop, through every serving process of one host: a friend request, an
 * accept or a private message that arrives as the block is stored either went first (and the block
 * undid it) or is refused. Nothing the block should stop is left after it, no notification of it
 * waits unread, and no answer is a 5xx.
 */
import { describe, expect, test } from "vitest";
import { MEMBER_NOT_FOUND, REQUEST_GONE } from "@core/friend-rules";
import { NOT_FRIENDS } from "../chats/access";
import { crowdOver, expectNoServerErrors, outcome, signUpMany, type Outcome } from "./crowd";

type Member = Awaited<ReturnType<typeof signUpMany>>[number];

const PAIRS = 6;
/** Attempts each blocked member makes, one after another, before the block is sent. */
const BEFORE_BLOCK = 3;
/** Attempts that leave once the block has answered, however long it took: what the block must stop. */
const AFTER_BLOCK = 4;

const crowd = crowdOver({ server: false }, PAIRS * 2 * 3, "safety");
const freshPairs = () => crowd.freshPairs(PAIRS);

/** Rows read through a connection of the test's own, as another process sees them. */
async function query(sql: string, args: (string | number)[]) {
  const db = crowd.host().openDatabase();
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}

const friendRows = (a: Member, b: Member) =>
  query("SELECT status FROM friends WHERE pair_key = min(?, ?) || ' ' || max(?, ?)", [a.id, b.id, a.id, b.id]);

/** Notifications between the two, either way, with the time of the block between them. */
const notificationsBetween = (a: Member, b: Member) =>
  query(
    `SELECT n.read_at, n.created_at, (SELECT created_at FROM blocks WHERE blocker_id = ? AND blocked_id = ?) AS blocked_at
    FROM notifications n WHERE (n.recipient_id = ? AND n.actor_id = ?) OR (n.recipient_id = ? AND n.actor_id = ?)`,
    [a.id, b.id, a.id, b.id, b.id, a.id],
  );

/**
 * `attempt` called again and again, each after the last answered, with the block sent after the
 * first few and the attempts kept going until a few have left after the block answered (a send can
 * take less time than a block, so a fixed count could end before it). `after`: the first attempt
 * that left once the block had answered.
 */
async function acrossTheBlock<T>(blocker: Member, blocked: Member, attempt: () => Promise<T>) {
  const answers: Outcome<T>[] = [];
  let after = -1;
  const attempts = (async () => {
    while (after < 0 || answers.length < after + AFTER_BLOCK) answers.push(await outcome(attempt()));
  })();
  const block = (async () => {
    while (answers.length < BEFORE_BLOCK) await new Promise((resolve) => setTimeout(resolve, 1));
    const answer = await outcome(blocker.browser.trpc.safety.block.mutate({ memberId: blocked.id }));
    // The attempt in flight as the block answered may have gone first; the next one left after it.
    after = answers.length + 1;
    return answer;
  })();
  const [blockAnswer] = await Promise.all([block, attempts]);
  expect(blockAnswer.ok).toBe(true);
  expectNoServerErrors(answers);
  return { answers, after };
}

describe("a block through the multi-process host", () => {
  test("racing friend requests from the blocked member: no request or unread notification is left, every later one refused", async () => {
    const results = await Promise.all(
      freshPairs().map(async ([blocker, blocked]) => {
        // Each refused request is asked again, so one stored after the block would stay.
        const run = await acrossTheBlock(blocker, blocked, () =>
          blocked.browser.trpc.friends.request.mutate({ memberId: blocker.id }),
        );
        return { ...run, rows: await friendRows(blocker, blocked), told: await notificationsBetween(blocker, blocked) };
      }),
    );
    for (const { answers, after, rows, told } of results) {
      expect(rows).toEqual([]);
      // The first request, stored before the block, told the blocker, and the block made it read;
      // none was written after it.
      expect(told.length).toBeGreaterThan(0);
      for (const row of told) {
        expect(row.read_at).not.toBeNull();
        expect(Number(row.created_at)).toBeLessThanOrEqual(Number(row.blocked_at));
      }
      // Once the block had answered, every request was refused as if the blocker were gone.
      for (const answer of answers.slice(after)) expect(answer).toMatchObject({ ok: false, message: MEMBER_NOT_FOUND });
    }
  });

  test("racing an accept: the two never end up friends", async () => {
    const pairs = freshPairs();
    const answers = await Promise.all(
      pairs.map(async ([blocker, blocked]) => {
        const { requestId } = await blocked.browser.trpc.friends.request.mutate({ memberId: blocker.id });
        return Promise.all([
          outcome(blocker.browser.trpc.safety.block.mutate({ memberId: blocked.id })),
          outcome(blocker.browser.trpc.friends.accept.mutate({ requestId })),
        ]);
      }),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [blocker, blocked]] of pairs.entries()) {
      const [block, accept] = answers[i]!;
      expect(block.ok).toBe(true);
      if (!accept.ok) expect(accept.message).toBe(REQUEST_GONE);
      expect(await friendRows(blocker, blocked)).toEqual([]);
    }
  });

  test("racing private messages: none is stored after the block, and each answer says what was stored", async () => {
    const pairs = freshPairs();
    const chats = await Promise.all(
      pairs.map(async ([blocker, blocked]) => {
        const { requestId } = await blocker.browser.trpc.friends.request.mutate({ memberId: blocked.id });
        await blocked.browser.trpc.friends.accept.mutate({ requestId });
        return (await blocker.browser.trpc.chats.openPrivate.mutate({ friendId: blocked.id })).chatId;
      }),
    );
    const results = await Promise.all(
      pairs.map(([blocker, blocked], i) => {
        let n = 0;
        return acrossTheBlock(blocker, blocked, () =>
          blocked.browser.trpc.chats.send.mutate({
            chatId: chats[i]!,
            clientId: crypto.randomUUID(),
            content: `message ${++n}`,
          }),
        );
      }),
    );
    for (const [i, [blocker, blocked]] of pairs.entries()) {
      const { answers, after } = results[i]!;
      const stored = await query("SELECT content, created_at FROM messages WHERE chat_id = ? ORDER BY seq", [
        chats[i]!,
      ]);
      const [block] = await query("SELECT created_at FROM blocks WHERE blocker_id = ? AND blocked_id = ?", [
        blocker.id,
        blocked.id,
      ]);
      // What was answered as sent is exactly what is stored, and all of it before the block.
      const sent = answers.flatMap((a) => (a.ok ? [a.value.content] : []));
      expect(stored.map((row) => row.content)).toEqual(sent);
      for (const row of stored) expect(Number(row.created_at)).toBeLessThanOrEqual(Number(block!.created_at));
      // Messages went through until the block, and none after it: the sender is refused from then on.
      const firstRefused = answers.findIndex((a) => !a.ok);
      expect(firstRefused).toBeGreaterThan(0);
      expect(firstRefused).toBeLessThanOrEqual(after);
      for (const answer of answers.slice(firstRefused))
        expect(answer).toMatchObject({ ok: false, message: NOT_FRIENDS });
    }
  });
});
