/**
 * Friend requests from both sides at once, through every serving process of one host: exactly one
 * row per pair whatever arrives together, every answer agrees with what is stored, and none is a
 * server error.
 */
import { describe, expect, test } from "vitest";
import {
  ALREADY_FRIENDS,
  ALREADY_RECEIVED,
  ALREADY_SENT,
  EMAIL_LOOKUPS_PER_HOUR,
  NO_USER_WITH_EMAIL,
  NOT_FRIENDS,
  REQUEST_GONE,
} from "@core/friend-rules";
import type { RunningHost } from "@testing/host";
import { crowdOver, DATABASES, expectNoServerErrors, outcome, type Outcome, type signUpMany } from "./crowd";

type Member = Awaited<ReturnType<typeof signUpMany>>[number];

/** The pair's rows, read through a connection of the test's own, as another process sees them. */
async function rowsOf(host: RunningHost, a: Member, b: Member) {
  const db = host.openDatabase();
  try {
    const { rows } = await db.execute({
      sql: "SELECT id, user_id, friend_id, status FROM friends WHERE pair_key = min(?, ?) || ' ' || max(?, ?)",
      args: [a.id, b.id, a.id, b.id],
    });
    return rows.map((r) => ({
      id: String(r.id),
      userId: String(r.user_id),
      friendId: String(r.friend_id),
      status: String(r.status),
    }));
  } finally {
    db.close();
  }
}

const refusals = (outcomes: Outcome<unknown>[]) => outcomes.flatMap((o) => (o.ok ? [] : [o.message]));

async function pendingRequest(from: Member, to: Member) {
  return (await from.browser.trpc.friends.request.mutate({ email: to.email })).requestId;
}

describe.each(DATABASES)("friends on the multi-process host over $name", (database) => {
  const PAIRS = database.server ? 4 : 8;
  const crowd = crowdOver(database, PAIRS * 2 * 4 + 1, "friend");
  const freshPairs = () => crowd.freshPairs(PAIRS);
  const rowsOfPair = (a: Member, b: Member) => rowsOf(crowd.host(), a, b);

  test("two members asking each other at the same moment, twice each, leave one pending request", async () => {
    const pairs = freshPairs();
    const answers = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all(
          [a, b, a, b].map((from) =>
            outcome(from.browser.trpc.friends.request.mutate({ email: (from === a ? b : a).email })),
          ),
        ),
      ),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [a, b]] of pairs.entries()) {
      const rows = await rowsOfPair(a, b);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe("pending");
      const sent = answers[i]!.flatMap((o, k) => (o.ok ? [k % 2 === 0 ? a.id : b.id] : []));
      // Exactly one call made the request, and it is the one stored.
      expect(sent).toEqual([rows[0]!.userId]);
      for (const message of refusals(answers[i]!)) expect([ALREADY_SENT, ALREADY_RECEIVED]).toContain(message);
    }
  });

  test("a triple-clicked Accept accepts once and answers every click alike", async () => {
    const pairs = freshPairs();
    const requestIds = await Promise.all(pairs.map(([a, b]) => pendingRequest(a, b)));
    const answers = await Promise.all(
      pairs.map(([, b], i) =>
        Promise.all([1, 2, 3].map(() => outcome(b.browser.trpc.friends.accept.mutate({ requestId: requestIds[i]! })))),
      ),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [a, b]] of pairs.entries()) {
      expect(answers[i]).toEqual(Array(3).fill({ ok: true, value: { requestId: requestIds[i], status: "accepted" } }));
      expect(await rowsOfPair(a, b)).toEqual([{ id: requestIds[i], userId: a.id, friendId: b.id, status: "accepted" }]);
    }
  });

  test("an accept racing a cancel and a reject: the pair ends friends or strangers, as the answers say", async () => {
    const pairs = freshPairs();
    const requestIds = await Promise.all(pairs.map(([a, b]) => pendingRequest(a, b)));
    const answers = await Promise.all(
      pairs.map(([a, b], i) => {
        const requestId = requestIds[i]!;
        return Promise.all([
          outcome(b.browser.trpc.friends.accept.mutate({ requestId })),
          outcome(a.browser.trpc.friends.cancel.mutate({ requestId })),
          outcome(b.browser.trpc.friends.reject.mutate({ requestId })),
        ]);
      }),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [a, b]] of pairs.entries()) {
      const [accepted, cancelled, rejected] = answers[i]!;
      const rows = await rowsOfPair(a, b);
      if (accepted.ok) {
        expect(rows).toMatchObject([{ status: "accepted" }]);
        expect(refusals([cancelled, rejected])).toEqual([ALREADY_FRIENDS, ALREADY_FRIENDS]);
      } else {
        expect(rows).toEqual([]);
        expect(accepted).toMatchObject({ message: REQUEST_GONE });
        // Whichever deleted it first succeeded; the other found it gone.
        expect([cancelled.ok, rejected.ok].filter(Boolean)).toHaveLength(1);
        expect(refusals([cancelled, rejected])).toEqual([REQUEST_GONE]);
      }
    }
  });

  test("both friends removing each other at once: the friendship ends once, for both", async () => {
    const pairs = freshPairs();
    for (const [a, b] of pairs) {
      await b.browser.trpc.friends.accept.mutate({ requestId: await pendingRequest(a, b) });
    }
    const answers = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all([
          outcome(a.browser.trpc.friends.remove.mutate({ memberId: b.id })),
          outcome(b.browser.trpc.friends.remove.mutate({ memberId: a.id })),
        ]),
      ),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [a, b]] of pairs.entries()) {
      expect(answers[i]!.filter((o) => o.ok)).toHaveLength(1);
      expect(refusals(answers[i]!)).toEqual([NOT_FRIENDS]);
      expect(await rowsOfPair(a, b)).toEqual([]);
    }
  });

  test(`${EMAIL_LOOKUPS_PER_HOUR + 10} e-mail lookups at once: exactly ${EMAIL_LOOKUPS_PER_HOUR} go through`, async () => {
    const member = crowd.freshMember();
    const answers = await Promise.all(
      Array.from({ length: EMAIL_LOOKUPS_PER_HOUR + 10 }, (_, i) =>
        outcome(member.browser.trpc.friends.request.mutate({ email: `nobody-${i}@example.com` })),
      ),
    );
    expectNoServerErrors(answers);
    expect(answers.filter((o) => !o.ok && o.message === NO_USER_WITH_EMAIL)).toHaveLength(EMAIL_LOOKUPS_PER_HOUR);
    expect(answers.filter((o) => !o.ok && o.status === 429)).toHaveLength(10);
  });
});
