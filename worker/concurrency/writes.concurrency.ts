/**
 * Writes from many members at once through every serving process of one host: none fails because
 * another is writing, every count is exact, and what was answered is what is stored.
 */
import { describe, expect, test } from "vitest";
import { DEFAULT_REGION } from "@core/enums";
import { FREE_PLAN_LIMIT_REACHED } from "@core/project-rules";
import {
  countRows,
  crowdHostOver,
  expectNoServerErrors,
  newBrowser,
  outcome,
  PASSWORD,
  SERVING_PROCESSES,
  signUpMany,
  type Outcome,
} from "./crowd";

/** Everything `profiles.update` takes, so a save names each field. */
const PROFILE = {
  bio: null,
  age: null,
  developerType: null,
  experience: null,
  specialization: null,
  region: DEFAULT_REGION,
  skills: [],
  interestedProjects: [],
};

/**
 * The same writes on the two databases the app runs on: the embedded file `npm start` uses, and
 * a libSQL server over HTTP, as Turso is at the edge (fewer members there: the point is the
 * protocol's transactions, not the password hashing again).
 */
const databases = [
  { name: "one database file", members: 24, signIns: 100, server: false },
  { name: "a libSQL server over HTTP, as at the edge", members: 12, signIns: 20, server: true },
];

describe.each(databases)("on the multi-process host over $name", ({ members: MEMBERS, signIns: SIGN_INS, server }) => {
  const host = crowdHostOver({ server });
  let members: Awaited<ReturnType<typeof signUpMany>>;

  test(`${MEMBERS} members signing up at the same moment all get an account, whole`, async () => {
    members = await signUpMany(host(), MEMBERS);
    // Each sign-up is the user, the profile, the verification token, its e-mail and a session.
    expect(await countRows(host(), "users")).toBe(MEMBERS);
    expect(await countRows(host(), "profiles")).toBe(MEMBERS);
    expect(await countRows(host(), "email_tokens")).toBe(MEMBERS);
    expect(await countRows(host(), "outbox")).toBe(MEMBERS);
    expect(await countRows(host(), "sessions")).toBe(MEMBERS);
  });

  test(`${SIGN_INS} simultaneous sign-ins all succeed, each with its own session`, async () => {
    const signIns = Array.from({ length: SIGN_INS }, (_, i) => members[i % MEMBERS]!).map((m) => ({
      ...m,
      browser: newBrowser(host()),
    }));
    const outcomes = await Promise.all(
      signIns.map((m) => outcome(m.browser.trpc.auth.signIn.mutate({ email: m.email, password: PASSWORD }))),
    );
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(await countRows(host(), "sessions")).toBe(MEMBERS + SIGN_INS);
    // Every new session is signed in on whichever process answers next.
    const me = await Promise.all(signIns.map((m) => m.browser.trpc.auth.me.query()));
    expect(me.map((m) => m?.email)).toEqual(signIns.map((m) => m.email));
  });

  test("4 simultaneous creates per free member: exactly 3 stored each, the 4th refused with the plan message", async () => {
    const creators = members.slice(0, MEMBERS - 4);
    const outcomes = await Promise.all(
      creators.flatMap((m, i) =>
        Array.from({ length: 4 }, (_, k) =>
          outcome(m.browser.trpc.projects.create.mutate({ title: `Project ${i}-${k}`, category: "Web Development" })),
        ),
      ),
    );
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3 * creators.length);
    const refusals = outcomes.filter((o): o is Extract<Outcome<unknown>, { ok: false }> => !o.ok);
    expect(refusals.map((o) => [o.status, o.message])).toEqual(
      Array(creators.length).fill([403, FREE_PLAN_LIMIT_REACHED]),
    );
    for (const m of creators) expect(await countRows(host(), "projects", "user_id = ?", [m.id])).toBe(3);
    // Everything answered 200 is there, and its owner's list shows it on every process.
    const created = outcomes.flatMap((o) => (o.ok ? [(o.value as { id: string }).id] : []));
    expect(await countRows(host(), "projects", `id IN (${created.map(() => "?").join(",")})`, created)).toBe(
      3 * creators.length,
    );
  });

  test("simultaneous profile saves all succeed and the stored profile is one of them, whole", async () => {
    const m = members[MEMBERS - 4]!;
    const saves = Array.from({ length: 10 }, (_, i) => ({ displayName: `Name ${i}`, bio: `Bio ${i}` }));
    const outcomes = await Promise.all(
      saves.map((s) => outcome(newBrowserAs(m).trpc.profiles.update.mutate({ ...PROFILE, ...s }))),
    );
    expectNoServerErrors(outcomes);
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const profile = await m.browser.trpc.profiles.me.query();
    // Never the name of one save with the bio of another.
    expect(saves).toContainEqual({ displayName: profile!.displayName, bio: profile!.bio });
  });

  test("a double join request makes one request; an accept racing a decline agrees with what is stored", async () => {
    const [owner, asker] = [members[0]!, members[MEMBERS - 3]!];
    const project = (await owner.browser.trpc.projects.list.query({ mine: true })).items[0]!;
    const requests = await Promise.all(
      Array.from({ length: 4 }, () =>
        outcome(asker.browser.trpc.joinRequests.request.mutate({ projectId: project.id })),
      ),
    );
    expectNoServerErrors(requests);
    expect(requests.filter((o) => o.ok).length).toBeGreaterThanOrEqual(1);
    expect(
      await countRows(host(), "project_join_requests", "project_id = ? AND user_id = ?", [project.id, asker.id]),
    ).toBe(1);

    const { pending } = await owner.browser.trpc.joinRequests.forProject.query({ projectId: project.id });
    const requestId = pending[0]!.id;
    const answers = await Promise.all([
      outcome(owner.browser.trpc.joinRequests.accept.mutate({ requestId })),
      outcome(owner.browser.trpc.joinRequests.decline.mutate({ requestId })),
      outcome(owner.browser.trpc.joinRequests.accept.mutate({ requestId })),
      outcome(owner.browser.trpc.joinRequests.decline.mutate({ requestId })),
    ]);
    expectNoServerErrors(answers);
    const succeeded = answers.flatMap((o) => (o.ok ? [(o.value as { status: string }).status] : []));
    expect(succeeded).toHaveLength(1);
    const db = host().openDatabase();
    const { rows } = await db.execute({
      sql: "SELECT status FROM project_join_requests WHERE id = ?",
      args: [requestId],
    });
    db.close();
    expect(rows[0]!.status).toBe(succeeded[0]);
  });

  test("a write is seen at once by a read on every serving process", async () => {
    const m = members[MEMBERS - 2]!;
    for (let round = 0; round < 5; round++) {
      const bio = `Round ${round}`;
      await m.browser.trpc.profiles.update.mutate({ ...PROFILE, displayName: m.displayName, bio });
      // Each read opens its own connection; the host hands connections to its processes in turn.
      const reads = [];
      for (let i = 0; i < SERVING_PROCESSES * 2; i++) reads.push((await newBrowserAs(m).trpc.profiles.me.query())!.bio);
      expect(reads).toEqual(Array(SERVING_PROCESSES * 2).fill(bio));
    }
  });

  /** Another tab of the same member: same cookies, its own connections. */
  function newBrowserAs(m: (typeof members)[number]) {
    const b = newBrowser(host());
    for (const [k, v] of m.browser.cookies) b.cookies.set(k, v);
    return b;
  }
});
