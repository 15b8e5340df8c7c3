/**
 * Blocks where members find each other and work together: Find People, the dashboard's suggestions
 * and a project's team chat.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** A member with their profile saved as Settings saves it, so they show in search. */
async function member(name: string, skills: string[] = []) {
  const m = await t.member(name);
  await m.trpc.profiles.update.mutate({
    displayName: name,
    bio: null,
    age: null,
    developerType: null,
    experience: null,
    specialization: null,
    region: "United States",
    interestedProjects: [],
    skills,
  });
  return m;
}

const block = (by: TestMember, whom: TestMember) => by.trpc.safety.block.mutate({ memberId: whom.me.id });
const unblock = (by: TestMember, whom: TestMember) => by.trpc.safety.unblock.mutate({ memberId: whom.me.id });
const found = async (viewer: TestMember, search: string) =>
  (await viewer.trpc.people.search.query({ search })).items.map((item) => item.name);
const suggestedPeople = async (m: TestMember) => (await m.trpc.suggestions.people.query()).map((s) => s.name);
const suggestedProjects = async (m: TestMember) => (await m.trpc.suggestions.projects.query()).map((s) => s.title);

describe("a block in Find People", () => {
  it("hides each from the other, whoever blocked, and from nobody else; lifted, they are found again", async () => {
    const [ada, bob, cy] = [
      await member("Ada Seeker", ["Zorblang"]),
      await member("Bob Seeker", ["Zorblang"]),
      await member("Cy Seeker", ["Zorblang"]),
    ];
    await block(bob, ada);
    expect(await found(ada, "zorblang")).toEqual(["Cy Seeker"]);
    expect(await found(bob, "zorblang")).toEqual(["Cy Seeker"]);
    expect(await found(cy, "zorblang")).toEqual(["Bob Seeker", "Ada Seeker"]);
    // Found by name as by skill, and with no words at all.
    expect(await found(ada, "Bob Seeker")).toEqual([]);
    const everyone = (await ada.trpc.people.search.query({ limit: 100 })).items.map((item) => item.name);
    expect(everyone).toContain("Cy Seeker");
    expect(everyone).not.toContain("Bob Seeker");

    await unblock(bob, ada);
    expect(await found(ada, "zorblang")).toEqual(["Cy Seeker", "Bob Seeker"]);
  });
});

describe("a block in suggestions", () => {
  it("suggests neither to the other, nor the projects of one to the other, whoever blocked", async () => {
    const [ada, bob, cy] = [
      await member("Ada Suggested", ["Quuxcraft"]),
      await member("Bob Suggested", ["Quuxcraft"]),
      await member("Cy Suggested", ["Quuxcraft"]),
    ];
    await bob.trpc.projects.create.mutate({ title: "Bob's Quux", category: "Other", techStack: ["Quuxcraft"] });
    await cy.trpc.projects.create.mutate({ title: "Cy's Quux", category: "Other", techStack: ["Quuxcraft"] });
    expect(await suggestedPeople(ada)).toEqual(expect.arrayContaining(["Bob Suggested", "Cy Suggested"]));
    expect(await suggestedProjects(ada)).toEqual(expect.arrayContaining(["Bob's Quux", "Cy's Quux"]));

    await block(ada, bob);
    expect(await suggestedPeople(ada)).toEqual(["Cy Suggested"]);
    expect(await suggestedPeople(bob)).toEqual(["Cy Suggested"]);
    expect(await suggestedProjects(ada)).toEqual(["Cy's Quux"]);
    expect(await suggestedPeople(cy)).toEqual(expect.arrayContaining(["Ada Suggested", "Bob Suggested"]));

    await unblock(ada, bob);
    expect(await suggestedPeople(ada)).toEqual(expect.arrayContaining(["Bob Suggested", "Cy Suggested"]));
    expect(await suggestedProjects(ada)).toEqual(expect.arrayContaining(["Bob's Quux", "Cy's Quux"]));
  });
});

describe("a block within a team", () => {
  it("leaves the team and its chat shared, the blocked member's messages marked for the blocker alone", async () => {
    const [ada, bob, cy] = [await member("Ada Owner"), await member("Bob Teammate"), await member("Cy Teammate")];
    const { id: projectId } = await ada.trpc.projects.create.mutate({ title: "Crewed Project", category: "Other" });
    for (const teammate of [bob, cy]) {
      const { id: requestId } = await teammate.trpc.joinRequests.request.mutate({ projectId });
      await ada.trpc.joinRequests.accept.mutate({ requestId });
    }
    const { chatId } = (await ada.trpc.teams.chat.query({ projectId }))!;

    await block(ada, bob);
    // Bob is still on the team, and still in its chat, where he can still write.
    const team = (await ada.trpc.joinRequests.forProject.query({ projectId })).team.map((m) => m.userId);
    expect(team).toEqual(expect.arrayContaining([bob.me.id, cy.me.id]));
    expect(await bob.trpc.teams.chat.query({ projectId })).toEqual({ chatId });
    await bob.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Pushed the fix" });
    const said = async (m: TestMember) =>
      (await m.trpc.chats.messages.query({ chatId })).messages.filter((msg) => msg.messageType === "text");
    expect((await said(ada)).map((msg) => msg.content)).toEqual(["Pushed the fix"]);

    const blockedIn = async (m: TestMember) =>
      Object.fromEntries((await m.trpc.chats.byId.query({ chatId })).participants.map((p) => [p.name, p.blocked]));
    expect(await blockedIn(ada)).toEqual({ "Ada Owner": false, "Bob Teammate": true, "Cy Teammate": false });
    expect(await blockedIn(bob)).toEqual({ "Ada Owner": false, "Bob Teammate": false, "Cy Teammate": false });
    expect(await blockedIn(cy)).toEqual({ "Ada Owner": false, "Bob Teammate": false, "Cy Teammate": false });
    const preview = async (m: TestMember) =>
      (await m.trpc.chats.list.query({ kind: "groups" })).items.find((chat) => chat.id === chatId)!.lastMessage;
    expect(await preview(ada)).toMatchObject({ senderName: "Bob Teammate", fromBlocked: true });
    expect(await preview(cy)).toMatchObject({ senderName: "Bob Teammate", fromBlocked: false });
  });
});
