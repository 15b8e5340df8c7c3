import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { projectJoinRequests } from "@db/schema";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

async function openProject(owner: TestMember, status: "open" | "completed" = "open") {
  const { id } = await owner.trpc.projects.create.mutate({ title: "Team up", category: "IoT", status });
  return id;
}

const requestsOf = (projectId: string) =>
  t.db.select().from(projectJoinRequests).where(eq(projectJoinRequests.projectId, projectId));

describe("asking to join", () => {
  it("stores one pending request, shown to the requester as sent and to the owner as waiting", async () => {
    const owner = await t.member("Olga Owner");
    const asker = await t.member("Ann Asker");
    const projectId = await openProject(owner);

    await asker.trpc.joinRequests.request.mutate({ projectId });
    expect((await asker.trpc.joinRequests.forProject.query({ projectId })).mine).toMatchObject({ status: "pending" });
    const ownerView = await owner.trpc.joinRequests.forProject.query({ projectId });
    expect(ownerView.pending).toMatchObject([{ userId: asker.me.id, displayName: "Ann Asker" }]);
    expect(ownerView.team).toEqual([]);
    // Only the owner sees who is waiting.
    expect((await asker.trpc.joinRequests.forProject.query({ projectId })).pending).toEqual([]);

    const again = await rejection(asker.trpc.joinRequests.request.mutate({ projectId }));
    expect(again).toMatchObject({ message: "You have already requested to join this project.", code: "CONFLICT" });
    expect(await requestsOf(projectId)).toHaveLength(1);
  });

  it("keeps one request when a double click sends two at once", async () => {
    const owner = await t.member();
    const asker = await t.member();
    const projectId = await openProject(owner);
    const results = await Promise.allSettled([
      asker.trpc.joinRequests.request.mutate({ projectId }),
      asker.trpc.joinRequests.request.mutate({ projectId }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await requestsOf(projectId)).toHaveLength(1);
  });

  it("refuses the owner, a project that is not open, and an unknown project", async () => {
    const owner = await t.member();
    const asker = await t.member();
    const projectId = await openProject(owner);
    expect(await rejection(owner.trpc.joinRequests.request.mutate({ projectId }))).toMatchObject({
      message: "You cannot request to join your own project.",
    });
    const done = await openProject(owner, "completed");
    expect(await rejection(asker.trpc.joinRequests.request.mutate({ projectId: done }))).toMatchObject({
      message: "This project is not open for collaboration.",
    });
    expect(await rejection(asker.trpc.joinRequests.request.mutate({ projectId: "nope" }))).toMatchObject({
      message: "Project not found",
      code: "NOT_FOUND",
    });
    expect(await requestsOf(projectId)).toHaveLength(0);
    expect(await requestsOf(done)).toHaveLength(0);
  });

  it("needs a signed-in member", async () => {
    const owner = await t.member();
    const projectId = await openProject(owner);
    expect(await rejection(t.browser().trpc.joinRequests.request.mutate({ projectId }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("answering", () => {
  it("lets only the owner accept; the member joins the team, is told once, and can leave", async () => {
    const owner = await t.member("Olga Owner");
    const asker = await t.member("Ann Asker");
    const stranger = await t.member();
    const projectId = await openProject(owner);
    const { id: requestId } = await asker.trpc.joinRequests.request.mutate({ projectId });

    for (const someone of [asker, stranger]) {
      for (const action of [someone.trpc.joinRequests.accept, someone.trpc.joinRequests.decline]) {
        expect(await rejection(action.mutate({ requestId }))).toMatchObject({
          message: "You can only manage join requests for your own projects.",
          code: "FORBIDDEN",
        });
      }
    }
    expect((await requestsOf(projectId))[0]!.status).toBe("pending");

    await owner.trpc.joinRequests.accept.mutate({ requestId });
    const ownerView = await owner.trpc.joinRequests.forProject.query({ projectId });
    expect(ownerView.team).toMatchObject([{ userId: asker.me.id, displayName: "Ann Asker" }]);
    expect(ownerView.pending).toEqual([]);
    expect((await stranger.trpc.joinRequests.forProject.query({ projectId })).team).toHaveLength(1);

    // 'Project Joined' shows on the member's next visit, and only then.
    expect(await asker.trpc.joinRequests.unseenAcceptances.query()).toEqual([{ projectId, title: "Team up" }]);
    expect(await stranger.trpc.joinRequests.unseenAcceptances.query()).toEqual([]);
    expect((await asker.trpc.joinRequests.forProject.query({ projectId })).mine).toEqual({
      id: requestId,
      status: "accepted",
      seen: false,
    });
    await asker.trpc.joinRequests.acknowledge.mutate({ projectId });
    expect((await asker.trpc.joinRequests.forProject.query({ projectId })).mine?.seen).toBe(true);
    expect(await asker.trpc.joinRequests.unseenAcceptances.query()).toEqual([]);

    expect(await rejection(owner.trpc.joinRequests.decline.mutate({ requestId }))).toMatchObject({
      message: "This join request has already been answered.",
    });
    expect(await rejection(asker.trpc.joinRequests.request.mutate({ projectId }))).toMatchObject({
      message: "You are already a member of this project.",
    });

    await asker.trpc.joinRequests.leave.mutate({ projectId });
    expect((await owner.trpc.joinRequests.forProject.query({ projectId })).team).toEqual([]);
    expect(await rejection(asker.trpc.joinRequests.leave.mutate({ projectId }))).toMatchObject({
      message: "You are not a member of this project.",
    });
    expect(await rejection(stranger.trpc.joinRequests.leave.mutate({ projectId }))).toMatchObject({
      message: "You are not a member of this project.",
    });

    // Having left, the member may ask again.
    await asker.trpc.joinRequests.request.mutate({ projectId });
    expect((await owner.trpc.joinRequests.forProject.query({ projectId })).pending).toHaveLength(1);
  });

  it("declines: the member stays off the team and may ask again later", async () => {
    const owner = await t.member();
    const asker = await t.member();
    const projectId = await openProject(owner);
    const { id: requestId } = await asker.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.decline.mutate({ requestId });
    const view = await owner.trpc.joinRequests.forProject.query({ projectId });
    expect(view).toMatchObject({ team: [], pending: [] });
    expect((await asker.trpc.joinRequests.forProject.query({ projectId })).mine?.status).toBe("declined");
    await asker.trpc.joinRequests.request.mutate({ projectId });
    expect((await requestsOf(projectId)).map((r) => r.status)).toEqual(["pending"]);
  });

  it("answers 'no longer exists' for an unknown request", async () => {
    const owner = await t.member();
    expect(await rejection(owner.trpc.joinRequests.accept.mutate({ requestId: "nope" }))).toMatchObject({
      message: "This join request no longer exists.",
      code: "NOT_FOUND",
    });
  });
});
