/**
 * A project's team and its chat under writes that arrive together, through every serving process
 * of one host: accepts racing leaves and removals, and two first accepts racing to start the chat.
 * Whatever lands first, once everything has answered the chat holds exactly the owner and the
 * members the team holds, there is one chat per project, and no answer is a server error.
 */
import { describe, expect, test } from "vitest";
import type { RunningHost } from "@testing/host";
import { crowdOver, expectNoServerErrors, outcome, signUpMany, type Outcome } from "./crowd";

type Member = Awaited<ReturnType<typeof signUpMany>>[number];

const databases = [
  { name: "one database file", projects: 6, server: false },
  { name: "a libSQL server over HTTP, as at the edge", projects: 3, server: true },
];
/** Rounds of ask, then accept, leave and remove all at once, per project. */
const ROUNDS = 4;

interface TeamRow {
  user_id: string;
  status: string;
  in_chat: number;
}

/** Each join request of the project beside whether its member is in the team chat now. */
async function teamAndChat(host: RunningHost, projectId: string) {
  const db = host.openDatabase();
  try {
    const requests = await db.execute({
      sql: `SELECT r.user_id, r.status, EXISTS (
              SELECT 1 FROM chat_participants p JOIN chats c ON c.id = p.chat_id
              WHERE c.project_id = r.project_id AND p.user_id = r.user_id AND p.left_at IS NULL) AS in_chat
            FROM project_join_requests r WHERE r.project_id = ? ORDER BY r.user_id`,
      args: [projectId],
    });
    const chats = await db.execute({
      sql: `SELECT c.id, (SELECT group_concat(p.user_id || ':' || p.role) FROM chat_participants p
              WHERE p.chat_id = c.id AND p.left_at IS NULL AND p.role = 'admin') AS admins
            FROM chats c WHERE c.project_id = ?`,
      args: [projectId],
    });
    return {
      requests: requests.rows as unknown as TeamRow[],
      chats: chats.rows.map((row) => ({ id: String(row.id), admins: String(row.admins) })),
    };
  } finally {
    db.close();
  }
}

/** The chat holds the owner as its admin and exactly the accepted members. */
async function expectAgreeing(host: RunningHost, projectId: string, owner: Member) {
  const { requests, chats } = await teamAndChat(host, projectId);
  expect(chats).toHaveLength(1);
  expect(chats[0]!.admins).toBe(`${owner.id}:admin`);
  for (const row of requests) {
    expect({ member: row.user_id, status: row.status, inChat: Boolean(row.in_chat) }).toEqual({
      member: row.user_id,
      status: row.status,
      inChat: row.status === "accepted",
    });
  }
  return requests;
}

describe.each(databases)("teams on the multi-process host over $name", ({ projects: PROJECTS, server }) => {
  const crowd = crowdOver({ server }, PROJECTS * (1 + 2 + 1 + 2 + 1 + 1), "team");
  const take = crowd.freshMembers;

  /** A project per owner, each with the members given asking to join. */
  async function projectsWithRequests(asking: number) {
    return Promise.all(
      take(PROJECTS).map(async (owner, i) => {
        const { id: projectId } = await owner.browser.trpc.projects.create.mutate({
          title: `Race ${i}`,
          category: "IoT",
        });
        const team = take(asking);
        const requestIds = [];
        for (const m of team) requestIds.push((await m.browser.trpc.joinRequests.request.mutate({ projectId })).id);
        return { owner, projectId, team, requestIds };
      }),
    );
  }

  test("two first accepts at once start one chat, with both members in it", async () => {
    const projects = await projectsWithRequests(2);
    const answers = await Promise.all(
      projects.map(({ owner, requestIds }) =>
        Promise.all(
          requestIds.map((requestId) => outcome(owner.browser.trpc.joinRequests.accept.mutate({ requestId }))),
        ),
      ),
    );
    expectNoServerErrors(answers.flat());
    expect(answers.flat().every((a) => a.ok)).toBe(true);
    for (const { owner, projectId } of projects) {
      const requests = await expectAgreeing(crowd.host(), projectId, owner);
      expect(requests.map((r) => r.status)).toEqual(["accepted", "accepted"]);
    }
  });

  test("an accept racing a leave (and a double-clicked Leave) leaves the team and the chat agreeing", async () => {
    const projects = await projectsWithRequests(2);
    // The first member is on the team already; the second waits for an answer.
    for (const { owner, requestIds } of projects) {
      await owner.browser.trpc.joinRequests.accept.mutate({ requestId: requestIds[0]! });
    }
    const answers = await Promise.all(
      projects.map(({ owner, projectId, team, requestIds }) =>
        Promise.all([
          outcome(owner.browser.trpc.joinRequests.accept.mutate({ requestId: requestIds[1]! })),
          outcome(team[0]!.browser.trpc.joinRequests.leave.mutate({ projectId })),
          outcome(team[0]!.browser.trpc.joinRequests.leave.mutate({ projectId })),
          outcome(team[1]!.browser.trpc.joinRequests.leave.mutate({ projectId })),
        ]),
      ),
    );
    expectNoServerErrors(answers.flat());
    for (const [i, { owner, projectId, team }] of projects.entries()) {
      const [accepted, leave1, leave2] = answers[i]!;
      expect(accepted!.ok).toBe(true);
      // Exactly one of the double click's two leaves took the member off the team.
      expect([leave1, leave2].filter((a) => a!.ok)).toHaveLength(1);
      const requests = await expectAgreeing(crowd.host(), projectId, owner);
      const status = Object.fromEntries(requests.map((r) => [r.user_id, r.status]));
      expect(status[team[0]!.id]).toBe("left");
      // The newcomer's own leave either came before the accept (refused) or after it (they left).
      const newcomerLeft = (answers[i]![3] as Outcome<unknown>).ok;
      expect(status[team[1]!.id]).toBe(newcomerLeft ? "left" : "accepted");
    }
  });

  test("round after round, an accept, the member's leave and the owner's removal at once end with both agreeing", async () => {
    const projects = await projectsWithRequests(1);
    const outcomes: Outcome<unknown>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        projects.map(async ({ owner, projectId, team: [m] }) => {
          // Each round starts from a request waiting for its answer (still on the team: leave first).
          const { mine } = await m!.browser.trpc.joinRequests.forProject.query({ projectId });
          if (mine?.status === "accepted") await m!.browser.trpc.joinRequests.leave.mutate({ projectId });
          const requestId =
            mine?.status === "pending"
              ? mine.id
              : (await m!.browser.trpc.joinRequests.request.mutate({ projectId })).id;
          return Promise.all([
            outcome(owner.browser.trpc.joinRequests.accept.mutate({ requestId })),
            outcome(m!.browser.trpc.joinRequests.leave.mutate({ projectId })),
            outcome(owner.browser.trpc.teams.removeMember.mutate({ projectId, memberId: m!.id })),
            outcome(m!.browser.trpc.joinRequests.leave.mutate({ projectId })),
          ]);
        }),
      );
      outcomes.push(...answers.flat());
      for (const { owner, projectId } of projects) await expectAgreeing(crowd.host(), projectId, owner);
    }
    expectNoServerErrors(outcomes);
  });
});
