/**
 * The dashboard's figures are counts the database maintains beside the projects (triggers on every
 * write): many members creating, re-filing and deleting projects and asking to join them through
 * every serving process at once must leave them exactly what counting every project gives.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from "@core/enums";
import { countedStats } from "@testing/counted-stats";
import type { RunningHost } from "@testing/host";
import { expectNoServerErrors, newBrowser, outcome, signUpMany, SERVING_PROCESSES, startCrowdHost } from "./crowd";

const MEMBERS = 16;
const CREATES_PER_MEMBER = 5;

/** Spread over every category and status and many team sizes, the same on every run. */
const projectFields = (member: number, k: number) => {
  const n = member * CREATES_PER_MEMBER + k;
  return {
    title: `Project ${member}-${k}`,
    category: PROJECT_CATEGORIES[n % PROJECT_CATEGORIES.length]!,
    status: PROJECT_STATUSES[n % PROJECT_STATUSES.length]!,
    members: 1 + ((n * 7) % 12),
  };
};

let host: RunningHost;
let members: Awaited<ReturnType<typeof signUpMany>>;

beforeAll(async () => {
  host = await startCrowdHost();
  members = await signUpMany(host, MEMBERS);
  // Half of them are Pro, so their creates are not capped by the free plan.
  const db = host.openDatabase();
  await db.execute({
    sql: `UPDATE profiles SET subscription_status = 'lifetime' WHERE id IN (${members.map(() => "?").join(",")}) AND rowid % 2 = 0`,
    args: members.map((m) => m.id),
  });
  db.close();
});
afterAll(() => host?.stop());

/** What every serving process answers for the figures, and what counting the rows gives. */
async function figures() {
  const answers = await Promise.all(
    Array.from({ length: SERVING_PROCESSES * 2 }, () => newBrowserOf(members[0]!).trpc.projects.stats.query()),
  );
  const db = host.openDatabase();
  try {
    return { answers, counted: await countedStats(db) };
  } finally {
    db.close();
  }
}

function newBrowserOf(m: (typeof members)[number]) {
  const b = newBrowser(host);
  for (const [k, v] of m.browser.cookies) b.cookies.set(k, v);
  return b;
}

describe("the dashboard's figures on the multi-process host", () => {
  test(`${MEMBERS} members creating ${CREATES_PER_MEMBER} projects each at once, while others read the figures: they equal a recount`, async () => {
    const creates = members.flatMap((m, i) =>
      Array.from({ length: CREATES_PER_MEMBER }, (_, k) =>
        outcome(m.browser.trpc.projects.create.mutate(projectFields(i, k))),
      ),
    );
    const reads = members.map((m) => outcome(m.browser.trpc.projects.stats.query()));
    const outcomes = await Promise.all([...creates, ...reads]);
    expectNoServerErrors(outcomes);
    const created = outcomes.slice(0, creates.length).filter((o) => o.ok).length;
    // Free members stop at their plan's limit; the Pro ones create all of theirs.
    expect(created).toBeGreaterThan(3 * MEMBERS);

    const { answers, counted } = await figures();
    expect(counted.active + counted.completed + counted.inProgress).toBeGreaterThan(0);
    for (const answer of answers) expect(answer).toEqual(counted);
  });

  test("deleting, re-filing, asking to join and creating, all at once: the figures still equal a recount", async () => {
    const owned = await Promise.all(
      members.map(async (m) => (await m.browser.trpc.projects.list.query({ mine: true, limit: 100 })).items),
    );
    // Each owner's two newest are deleted and re-filed in this round; their oldest is reopened first,
    // for the others to ask to join. Which of a free member's creates landed, and so which statuses
    // the others have, was the race's to decide.
    for (const items of owned) expect(items.length).toBeGreaterThanOrEqual(3);
    const joinable = owned.map((items) => items.at(-1)!);
    await Promise.all(
      members.map((m, i) =>
        m.browser.trpc.projects.update.mutate({ id: joinable[i]!.id, ...projectFields(i, 0), status: "open" }),
      ),
    );
    const writes = members.flatMap((m, i) => {
      const [first, second] = owned[i]!;
      const neighbour = joinable[(i + 1) % MEMBERS]!;
      return [
        outcome(m.browser.trpc.projects.remove.mutate({ id: first!.id })),
        // Another status, category and team size.
        outcome(m.browser.trpc.projects.update.mutate({ id: second!.id, ...projectFields(i + 3, 1) })),
        outcome(m.browser.trpc.joinRequests.request.mutate({ projectId: neighbour.id })),
        outcome(m.browser.trpc.projects.create.mutate(projectFields(i, 9))),
        outcome(m.browser.trpc.projects.stats.query()),
      ];
    });
    const outcomes = await Promise.all(writes);
    expectNoServerErrors(outcomes);
    // Every delete, edit and join request went through (a free member's create may be refused).
    expect(outcomes.filter((o, i) => i % 5 < 3 && !o.ok)).toEqual([]);

    const { answers, counted } = await figures();
    for (const answer of answers) expect(answer).toEqual(counted);
  });
});
