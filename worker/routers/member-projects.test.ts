/** The member's own side of projects: their figures, recent and joined projects, requests waiting for them. */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "@db/schema";
import { createTestApp, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

async function proMember() {
  const member = await t.member();
  await t.db.update(profiles).set({ subscriptionStatus: "lifetime" }).where(eq(profiles.id, member.me.id));
  return member;
}

const create = async (owner: TestMember, title: string) =>
  (await owner.trpc.projects.create.mutate({ title, category: "IoT" })).id;

/** `member` asks to join `projectId`, and the owner answers when told to. */
async function ask(member: TestMember, owner: TestMember, projectId: string, answer?: "accept" | "decline") {
  const { id: requestId } = await member.trpc.joinRequests.request.mutate({ projectId });
  if (answer) await owner.trpc.joinRequests[answer].mutate({ requestId });
  return requestId;
}

describe("projects.myStats", () => {
  it("counts what the member owns, joined and has to answer, and nobody else's", async () => {
    const owner = await t.member("Olga Owner");
    const joiner = await t.member("Jo Joiner");
    const other = await t.member();
    expect(await owner.trpc.projects.myStats.query()).toEqual({ owned: 0, joined: 0, waiting: 0, limit: 3 });

    const first = await create(owner, "First");
    const second = await create(owner, "Second");
    await create(other, "Someone else's");
    await ask(joiner, owner, first);
    await ask(other, owner, second);
    expect(await owner.trpc.projects.myStats.query()).toEqual({ owned: 2, joined: 0, waiting: 2, limit: 3 });

    await owner.trpc.joinRequests.accept.mutate({
      requestId: (await owner.trpc.joinRequests.forProject.query({ projectId: first })).pending[0]!.id,
    });
    expect(await owner.trpc.projects.myStats.query()).toMatchObject({ owned: 2, waiting: 1 });
    expect(await joiner.trpc.projects.myStats.query()).toEqual({ owned: 0, joined: 1, waiting: 0, limit: 3 });

    await joiner.trpc.joinRequests.leave.mutate({ projectId: first });
    expect(await joiner.trpc.projects.myStats.query()).toMatchObject({ joined: 0 });
  });

  it("has no limit for a Pro member", async () => {
    const pro = await proMember();
    expect(await pro.trpc.projects.myStats.query()).toMatchObject({ limit: null });
  });
});

describe("projects.recent", () => {
  it("shows the newest three of the member's projects, owned or joined, and marks the joined ones", async () => {
    const owner = await proMember();
    const member = await t.member();
    const a = await create(member, "Mine A");
    const joined = await create(owner, "Theirs, joined");
    await ask(member, owner, joined, "accept");
    const declined = await create(owner, "Theirs, declined");
    await ask(member, owner, declined, "decline");
    const pending = await create(owner, "Theirs, pending");
    await ask(member, owner, pending);
    const b = await create(member, "Mine B");

    const recent = await member.trpc.projects.recent.query();
    expect(recent.map((p) => [p.id, p.joined])).toEqual([
      [b, false],
      [joined, true],
      [a, false],
    ]);

    const c = await create(member, "Mine C");
    expect((await member.trpc.projects.recent.query()).map((p) => p.id)).toEqual([c, b, joined]);
    await member.trpc.joinRequests.leave.mutate({ projectId: joined });
    expect((await member.trpc.projects.recent.query()).map((p) => p.id)).toEqual([c, b, a]);
  });

  it("is empty for a new member", async () => {
    expect(await (await t.member()).trpc.projects.recent.query()).toEqual([]);
  });
});

describe("projects.list joined", () => {
  it("lists only the projects whose team accepted the member, newest first, page by page", async () => {
    const owner = await proMember();
    const member = await t.member();
    await create(member, "Owned, not joined");
    const ids = [];
    for (const title of ["One", "Two", "Three"]) {
      const id = await create(owner, title);
      await ask(member, owner, id, "accept");
      ids.push(id);
    }
    await ask(member, owner, await create(owner, "Still pending"));

    const first = await member.trpc.projects.list.query({ joined: true, limit: 2 });
    expect(first.items.map((p) => p.title)).toEqual(["Three", "Two"]);
    const second = await member.trpc.projects.list.query({ joined: true, limit: 2, cursor: first.nextCursor });
    expect(second).toMatchObject({ items: [{ title: "One" }], nextCursor: null });
    expect((await owner.trpc.projects.list.query({ joined: true })).items).toEqual([]);
  });
});

describe("joinRequests.waiting", () => {
  it("lists the requests on the member's projects that wait for an answer, with who and which project", async () => {
    const owner = await t.member("Olga Owner");
    const ann = await t.member("Ann Asker");
    const bob = await t.member("Bob Asker");
    const project = await create(owner, "Rocket");
    const other = await create(bob, "Bob's own");
    const annRequest = await ask(ann, owner, project);
    await ask(bob, owner, project);
    await ask(ann, bob, other);

    const waiting = await owner.trpc.joinRequests.waiting.query();
    expect(waiting).toMatchObject([
      { id: annRequest, userId: ann.me.id, displayName: "Ann Asker", projectId: project, projectTitle: "Rocket" },
      { userId: bob.me.id, displayName: "Bob Asker", projectTitle: "Rocket" },
    ]);

    await owner.trpc.joinRequests.accept.mutate({ requestId: annRequest });
    expect((await owner.trpc.joinRequests.waiting.query()).map((r) => r.displayName)).toEqual(["Bob Asker"]);
    expect(await ann.trpc.joinRequests.waiting.query()).toEqual([]);
  });
});
