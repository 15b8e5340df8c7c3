import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

async function project(owner: TestMember, title = "Trail Mapper") {
  const { id } = await owner.trpc.projects.create.mutate({ title, category: "Mobile Apps" });
  return id;
}

/** Asks to join and is accepted, as the two members would. */
async function join(owner: TestMember, m: TestMember, projectId: string) {
  const { id } = await m.trpc.joinRequests.request.mutate({ projectId });
  await owner.trpc.joinRequests.accept.mutate({ requestId: id });
}

const chatOf = async (m: TestMember, projectId: string) => (await m.trpc.teams.chat.query({ projectId }))?.chatId;

/** Who is in the chat now, by name, as its page lists them. */
async function inChat(viewer: TestMember, chatId: string) {
  const chat = await viewer.trpc.chats.byId.query({ chatId });
  return chat.participants
    .filter((p) => p.current)
    .map((p) => `${p.name} (${p.role})`)
    .sort();
}

const lines = async (m: TestMember, chatId: string) =>
  (await m.trpc.chats.messages.query({ chatId })).messages.map((msg) => msg.content);

/** The team card's members, by name. */
const team = async (viewer: TestMember, projectId: string) =>
  (await viewer.trpc.joinRequests.forProject.query({ projectId })).team.map((p) => p.displayName).sort();

describe("a project's team chat", () => {
  it("starts with the first accepted member, the owner its admin, named after the project", async () => {
    const owner = await t.member("Olga Owner");
    const ada = await t.member("Ada Member");
    const projectId = await project(owner);
    expect(await chatOf(owner, projectId)).toBeUndefined();
    const pending = await ada.trpc.joinRequests.request.mutate({ projectId });
    expect(await chatOf(owner, projectId)).toBeUndefined();

    await owner.trpc.joinRequests.accept.mutate({ requestId: pending.id });
    const chatId = (await chatOf(owner, projectId))!;
    expect(await chatOf(ada, projectId)).toBe(chatId);
    const chat = await ada.trpc.chats.byId.query({ chatId });
    expect(chat).toMatchObject({ isGroup: true, title: "Trail Mapper", projectId, archived: false });
    expect(await inChat(ada, chatId)).toEqual(["Ada Member (member)", "Olga Owner (admin)"]);
    expect(await lines(ada, chatId)).toEqual(["Olga Owner added Ada Member"]);
    // It is a group like any other in both members' lists.
    const groups = await ada.trpc.chats.list.query({ kind: "groups" });
    expect(groups.items.map((g) => g.title)).toContain("Trail Mapper");

    // The second accepted member joins the same chat.
    const bo = await t.member("Bo Second");
    await join(owner, bo, projectId);
    expect(await chatOf(bo, projectId)).toBe(chatId);
    expect(await inChat(owner, chatId)).toEqual(["Ada Member (member)", "Bo Second (member)", "Olga Owner (admin)"]);

    // The room is told who came in, and gets the line for everyone in the chat.
    await t.settle();
    expect(t.notices).toContainEqual({
      room: "chat-room",
      name: chatId,
      notice: { type: "joined", userId: bo.me.id },
    });

    // A declined request adds no one.
    const cy = await t.member("Cy Declined");
    const declined = await cy.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.decline.mutate({ requestId: declined.id });
    expect(await chatOf(cy, projectId)).toBeUndefined();
  });

  it("tells an accepted member once that they were accepted, not again that they were added to its chat", async () => {
    const owner = await t.member("Olga Owner");
    const [ada, bo] = [await t.member("Ada Member"), await t.member("Bo Second")];
    const projectId = await project(owner);
    await join(owner, ada, projectId);
    await join(owner, bo, projectId);
    const bell = async (m: TestMember) =>
      (await m.trpc.notifications.list.query({ filter: "all" })).items.map((n) => `${n.kind}: ${n.text}`);
    for (const m of [ada, bo]) {
      expect(await bell(m)).toEqual(["join_accepted: accepted your request to join Trail Mapper"]);
    }
    // The owner made the chat by accepting: they hear only of the askings.
    expect(await bell(owner)).toEqual([
      "join_request: asked to join Trail Mapper",
      "join_request: asked to join Trail Mapper",
    ]);

    // Back in the chat after leaving is again one acceptance.
    await ada.trpc.joinRequests.leave.mutate({ projectId });
    await join(owner, ada, projectId);
    expect(await bell(ada)).toEqual([
      "join_accepted: accepted your request to join Trail Mapper",
      "join_accepted: accepted your request to join Trail Mapper",
    ]);
  });

  it("follows the team when a member leaves, and takes them back when accepted again", async () => {
    const owner = await t.member("Olga Owner");
    const ada = await t.member("Ada Member");
    const projectId = await project(owner);
    await join(owner, ada, projectId);
    const chatId = (await chatOf(ada, projectId))!;
    await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Hello team" });

    await ada.trpc.joinRequests.leave.mutate({ projectId });
    expect(await team(owner, projectId)).toEqual([]);
    expect(await inChat(owner, chatId)).toEqual(["Olga Owner (admin)"]);
    expect(await lines(owner, chatId)).toEqual([
      "Olga Owner added Ada Member",
      "Hello team",
      "Ada Member left the chat",
    ]);
    expect(await chatOf(ada, projectId)).toBeUndefined();
    expect(await rejection(ada.trpc.chats.messages.query({ chatId }))).toMatchObject({ code: "NOT_FOUND" });
    await t.settle();
    expect(t.notices).toContainEqual({ room: "chat-room", name: chatId, notice: { type: "left", userId: ada.me.id } });

    await join(owner, ada, projectId);
    expect(await chatOf(ada, projectId)).toBe(chatId);
    expect(await inChat(owner, chatId)).toEqual(["Ada Member (member)", "Olga Owner (admin)"]);
  });

  it("counts the team on the project's card as it is: the owner and the accepted, not those waiting or gone", async () => {
    const owner = await t.member("Olga Owner");
    const [ada, bob, cy] = [await t.member("Ada Member"), await t.member("Bob Waiting"), await t.member("Cy Gone")];
    const { id: projectId } = await owner.trpc.projects.create.mutate({
      title: "Counted Crew",
      category: "Mobile Apps",
      members: 4,
    });
    const card = async () => {
      const { items } = await owner.trpc.projects.list.query({ mine: true });
      const found = items.find((item) => item.id === projectId)!;
      return [found.currentTeam, found.members];
    };
    expect(await card()).toEqual([1, 4]);
    await join(owner, ada, projectId);
    await bob.trpc.joinRequests.request.mutate({ projectId });
    await join(owner, cy, projectId);
    await cy.trpc.joinRequests.leave.mutate({ projectId });
    expect(await card()).toEqual([2, 4]);
  });

  it("lets the owner remove a member: off the team card and out of the chat at once", async () => {
    const owner = await t.member("Olga Owner");
    const ada = await t.member("Ada Member");
    const bo = await t.member("Bo Member");
    const projectId = await project(owner);
    await join(owner, ada, projectId);
    await join(owner, bo, projectId);
    const chatId = (await chatOf(owner, projectId))!;

    // Only the owner removes, and only a member of the team.
    expect(await rejection(bo.trpc.teams.removeMember.mutate({ projectId, memberId: ada.me.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: "Only the project owner can remove members from its team.",
    });
    const stranger = await t.member("Sam Stranger");
    expect(
      await rejection(owner.trpc.teams.removeMember.mutate({ projectId, memberId: stranger.me.id })),
    ).toMatchObject({ code: "NOT_FOUND", message: "This member is not on the project's team." });

    await owner.trpc.teams.removeMember.mutate({ projectId, memberId: ada.me.id });
    expect(await team(owner, projectId)).toEqual(["Bo Member"]);
    expect(await inChat(owner, chatId)).toEqual(["Bo Member (member)", "Olga Owner (admin)"]);
    expect((await lines(bo, chatId)).at(-1)).toBe("Ada Member left the chat");
    expect(await chatOf(ada, projectId)).toBeUndefined();
    expect((await ada.trpc.projects.myStats.query()).joined).toBe(0);
    // Removing again finds no one; the removed member may ask again.
    expect(await rejection(owner.trpc.teams.removeMember.mutate({ projectId, memberId: ada.me.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await ada.trpc.joinRequests.request.mutate({ projectId })).toMatchObject({ status: "pending" });
  });

  it("keeps its members in step with the team only: no one is added by hand, no one leaves but with the project", async () => {
    const owner = await t.member("Olga Owner");
    const ada = await t.member("Ada Member");
    const friend = await t.member("Fred Friend");
    const { requestId } = await owner.trpc.friends.request.mutate({ memberId: friend.me.id });
    await friend.trpc.friends.accept.mutate({ requestId });
    const projectId = await project(owner);
    await join(owner, ada, projectId);
    const chatId = (await chatOf(owner, projectId))!;

    const follows = {
      code: "FORBIDDEN",
      message: "A team chat follows the project's team: members join it when accepted and leave it with the project.",
    };
    expect(await rejection(owner.trpc.chats.addMember.mutate({ chatId, userId: friend.me.id }))).toMatchObject(follows);
    expect(await rejection(ada.trpc.chats.leave.mutate({ chatId }))).toMatchObject(follows);
    expect(await rejection(owner.trpc.chats.leave.mutate({ chatId }))).toMatchObject(follows);
    expect(await inChat(owner, chatId)).toEqual(["Ada Member (member)", "Olga Owner (admin)"]);
  });

  it("is renamed with the project, and archived read-only when the project is deleted", async () => {
    const owner = await t.member("Olga Owner");
    const ada = await t.member("Ada Member");
    const projectId = await project(owner);
    await join(owner, ada, projectId);
    const chatId = (await chatOf(ada, projectId))!;
    expect(await ada.trpc.teams.chats.query()).toContainEqual({ projectId, chatId });

    await owner.trpc.projects.update.mutate({ id: projectId, title: "Trail Mapper 2", category: "Mobile Apps" });
    expect((await ada.trpc.chats.byId.query({ chatId })).title).toBe("Trail Mapper 2");

    await owner.trpc.projects.remove.mutate({ id: projectId });
    const chat = await ada.trpc.chats.byId.query({ chatId });
    expect(chat).toMatchObject({ archived: true, title: "Trail Mapper 2" });
    expect((await lines(ada, chatId)).at(-1)).toBe("Olga Owner deleted the project. This chat is now read-only.");
    expect(
      await rejection(ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Still here?" })),
    ).toMatchObject({ code: "FORBIDDEN", message: "This project was deleted, so its team chat is read-only." });
    expect(await lines(owner, chatId)).not.toContain("Still here?");
    // Nor does it ring anyone.
    expect(await rejection(ada.trpc.calls.start.mutate({ chatId, kind: "voice" }))).toMatchObject({
      code: "FORBIDDEN",
      message: "This project was deleted, so its team chat is read-only.",
    });
    // Gone from My Projects' team chats; its history stays readable, and now it may be left.
    expect(await ada.trpc.teams.chats.query()).not.toContainEqual({ projectId, chatId });
    await ada.trpc.chats.leave.mutate({ chatId });
    expect(await inChat(owner, chatId)).toEqual(["Olga Owner (admin)"]);
  });
});
