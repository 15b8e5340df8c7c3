/**
 * Notifications under events that race, through every serving process of one host: the same friend
 * request from both sides at once, the same join request many times at once, answers clicked
 * again and again. Exactly one notification per recipient and event, one queued push beside it
 * where the recipient wants pushes, none for the actor, and no answer a server error.
 */
import { describe, expect, test } from "vitest";
import { crowdOver, DATABASES, expectNoServerErrors, outcome, type signUpMany } from "./crowd";

type Member = Awaited<ReturnType<typeof signUpMany>>[number];

/** Times each call is sent at once. */
const REPEATS = 6;

interface Stored {
  kind: string;
  recipient: string;
  actor: string | null;
  eventKey: string;
}

describe.each(DATABASES)("notifications on the multi-process host over $name", (database) => {
  const PAIRS = database.server ? 3 : 6;
  const crowd = crowdOver(database, PAIRS * 2 * 3, "notified");
  const freshPairs = () => crowd.freshPairs(PAIRS);

  /** The notifications and queued pushes of these members, read as another process sees them. */
  async function storedFor(...of: Member[]) {
    const db = crowd.host().openDatabase();
    try {
      const ids = of.map((m) => m.id);
      const marks = ids.map(() => "?").join(", ");
      const { rows } = await db.execute({
        sql: `SELECT kind, recipient_id, actor_id, event_key FROM notifications WHERE recipient_id IN (${marks}) ORDER BY id`,
        args: ids,
      });
      const pushes = await db.execute({
        sql: `SELECT member_id, payload FROM push_outbox WHERE member_id IN (${marks}) ORDER BY id`,
        args: ids,
      });
      return {
        notifications: rows.map((r): Stored => ({
          kind: String(r.kind),
          recipient: String(r.recipient_id),
          actor: r.actor_id === null ? null : String(r.actor_id),
          eventKey: String(r.event_key),
        })),
        pushes: pushes.rows.map((r) => ({
          member: String(r.member_id),
          url: (JSON.parse(String(r.payload)) as { url: string }).url,
        })),
      };
    } finally {
      db.close();
    }
  }

  test(`the same friend request from both sides, ${REPEATS} times at once: one notification, to whoever's request stood`, async () => {
    const pairs = freshPairs();
    const answers = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all(
          Array.from({ length: REPEATS }, (_, i) => {
            const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
            return outcome(from.browser.trpc.friends.request.mutate({ memberId: to.id }));
          }),
        ),
      ),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [a, b]] of pairs.entries()) {
      const sent = answers[i]!.flatMap((o, k) =>
        o.ok ? [{ requestId: o.value.requestId, from: k % 2 === 0 ? a : b }] : [],
      );
      expect(sent).toHaveLength(1);
      const { requestId, from } = sent[0]!;
      const to = from === a ? b : a;
      const { notifications, pushes } = await storedFor(a, b);
      expect(notifications).toEqual([
        { kind: "friend_request", recipient: to.id, actor: from.id, eventKey: requestId },
      ]);
      expect(pushes).toEqual([{ member: to.id, url: "/requests" }]);
    }
  });

  test(`an Accept clicked ${REPEATS} times at once tells the requester once`, async () => {
    const pairs = freshPairs();
    const requestIds = await Promise.all(
      pairs.map(async ([a, b]) => (await a.browser.trpc.friends.request.mutate({ memberId: b.id })).requestId),
    );
    const answers = await Promise.all(
      pairs.map(([, b], i) =>
        Promise.all(
          Array.from({ length: REPEATS }, () =>
            outcome(b.browser.trpc.friends.accept.mutate({ requestId: requestIds[i]! })),
          ),
        ),
      ),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, [a, b]] of pairs.entries()) {
      const { notifications } = await storedFor(a, b);
      expect(notifications).toEqual([
        { kind: "friend_request", recipient: b.id, actor: a.id, eventKey: requestIds[i] },
        { kind: "friend_accepted", recipient: a.id, actor: b.id, eventKey: requestIds[i] },
      ]);
    }
  });

  test(`the same join request ${REPEATS} times at once, then an accept racing a decline: one notification each way`, async () => {
    const pairs = freshPairs();
    const projectIds = await Promise.all(
      pairs.map(async ([owner]) => {
        const { id } = await owner.browser.trpc.projects.create.mutate({ title: "Raced project", category: "DevOps" });
        return id;
      }),
    );
    const asked = await Promise.all(
      pairs.map(([, asker], i) =>
        Promise.all(
          Array.from({ length: REPEATS }, () =>
            outcome(asker.browser.trpc.joinRequests.request.mutate({ projectId: projectIds[i]! })),
          ),
        ),
      ),
    );
    expectNoServerErrors(asked.flat());
    const requestIds = asked.map((answers) => {
      const ok = answers.flatMap((o) => (o.ok ? [o.value.id] : []));
      expect(ok).toHaveLength(1);
      return ok[0]!;
    });

    const answered = await Promise.all(
      pairs.map(([owner], i) =>
        Promise.all(
          Array.from({ length: REPEATS }, (_, k) =>
            outcome(
              (k % 2 === 0 ? owner.browser.trpc.joinRequests.accept : owner.browser.trpc.joinRequests.decline).mutate({
                requestId: requestIds[i]!,
              }),
            ),
          ),
        ),
      ),
    );
    expectNoServerErrors(answered.flat());
    for (const [i, [owner, asker]] of pairs.entries()) {
      const won = answered[i]!.flatMap((o) => (o.ok ? [o.value.status] : []));
      expect(won).toHaveLength(1);
      const { notifications, pushes } = await storedFor(owner, asker);
      expect(notifications.map(({ kind, recipient, actor }) => ({ kind, recipient, actor }))).toEqual([
        { kind: "join_request", recipient: owner.id, actor: asker.id },
        { kind: won[0] === "accepted" ? "join_accepted" : "join_declined", recipient: asker.id, actor: owner.id },
      ]);
      expect(pushes).toEqual([{ member: owner.id, url: `/project/${projectIds[i]}` }]);
    }
  });
});
