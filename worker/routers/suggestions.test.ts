import { describe, expect, it } from "vitest";
import type { InputOf } from "@testing/calls";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";
import { befriend } from "@testing/friends";

type ProfileInput = InputOf<"profiles.update">;
type NewProject = InputOf<"projects.create">;

const fresh = () => createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });

async function member(t: TestApp, name: string, patch: Partial<ProfileInput> = {}) {
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
    skills: [],
    ...patch,
  });
  return m;
}

const create = async (owner: TestMember, project: Partial<NewProject> & { title: string }) =>
  (await owner.trpc.projects.create.mutate({ category: "Other", ...project })).id;

const suggestedProjects = async (m: TestMember) =>
  (await m.trpc.suggestions.projects.query()).map((s) => `${s.title}: ${s.reason}`);
const suggestedPeople = async (m: TestMember) =>
  (await m.trpc.suggestions.people.query()).map((s) => `${s.name}: ${s.reason}`);

describe("Projects that need your skills", () => {
  it("suggests open projects of others by the skills they match, rarer skills first, and says which", async () => {
    const t = await fresh();
    const me = await member(t, "Mia Me", { skills: ["React", "TypeScript", "Elm"] });
    const owner = await member(t, "Otto Owner");
    // React is everywhere, TypeScript less so, Elm rare: closed projects count toward how common a skill is.
    const done: Partial<NewProject>[] = [
      ...Array.from({ length: 6 }, () => ({ techStack: ["React"] })),
      { techStack: ["TypeScript"] },
      { skillsRequired: ["Elm"] },
    ];
    // Three owners: the free plan holds three projects a member.
    const past = [await member(t, "Past A"), await member(t, "Past B"), await member(t, "Past C")];
    for (const [i, project] of done.entries()) {
      await create(past[Math.floor(i / 3)]!, { title: `Done ${i}`, status: "completed", ...project });
    }
    await create(owner, { title: "Only React", techStack: ["react"] });
    await create(owner, { title: "Elm Garden", skillsRequired: ["Elm"] });
    await create(owner, { title: "Typed UI", techStack: ["React", "TypeScript"] });

    expect(await suggestedProjects(me)).toEqual([
      "Typed UI: Matches TypeScript, React",
      "Elm Garden: Matches Elm",
      "Only React: Matches react",
    ]);
  });

  it("never suggests the member's own projects, projects they joined or asked to join, closed ones, or dismissed ones", async () => {
    const t = await fresh();
    const me = await member(t, "Mia Me", { skills: ["Elixir"], interestedProjects: ["Mobile Apps"] });
    const owner = await member(t, "Otto Owner");
    const other = await member(t, "Ola Other");
    await create(me, { title: "My Own", techStack: ["Elixir"] });
    const joined = await create(owner, { title: "Joined", techStack: ["Elixir"] });
    const { id: requestId } = await me.trpc.joinRequests.request.mutate({ projectId: joined });
    await owner.trpc.joinRequests.accept.mutate({ requestId });
    const asked = await create(owner, { title: "Asked", techStack: ["Elixir"] });
    await me.trpc.joinRequests.request.mutate({ projectId: asked });
    await create(owner, { title: "Paused", techStack: ["Elixir"], status: "on_hold" });
    const dismissed = await create(other, { title: "Dismissed", techStack: ["Elixir"] });
    await create(other, { title: "Phone Fun", category: "Mobile Apps" });
    await create(other, { title: "Still Open", techStack: ["Elixir"] });

    // (Elixir is in nearly every project here, so the rarer category comes first.)
    expect(await suggestedProjects(me)).toEqual([
      "Phone Fun: Matches your interest in Mobile Apps",
      "Still Open: Matches Elixir",
      "Dismissed: Matches Elixir",
    ]);
    await me.trpc.suggestions.dismiss.mutate({ kind: "project", subjectId: dismissed });
    // Twice is the same as once, and it stays gone however often the list is read.
    await me.trpc.suggestions.dismiss.mutate({ kind: "project", subjectId: dismissed });
    expect(await suggestedProjects(me)).toEqual([
      "Phone Fun: Matches your interest in Mobile Apps",
      "Still Open: Matches Elixir",
    ]);
    // Leaving a team does not bring its project back as a suggestion.
    await me.trpc.joinRequests.leave.mutate({ projectId: joined });
    expect(await suggestedProjects(me)).not.toContain("Joined: Matches Elixir");
    // Someone else still gets what this member dismissed.
    const another = await member(t, "Ann Another", { skills: ["Elixir"] });
    expect(await suggestedProjects(another)).toContain("Dismissed: Matches Elixir");
  });

  it("has nothing to suggest to a member with no skills or interests", async () => {
    const t = await fresh();
    const me = await member(t, "Mia Me");
    const owner = await member(t, "Otto Owner");
    await create(owner, { title: "Anything", techStack: ["React"] });
    expect(await suggestedProjects(me)).toEqual([]);
  });
});

describe("People you may know", () => {
  it("suggests friends of friends and teammates first, saying why, and never friends, pending, hidden or dismissed members", async () => {
    const t = await fresh();
    const me = await member(t, "Mia Me");
    const [fay, finn] = [await member(t, "Fay Friend"), await member(t, "Finn Friend")];
    await befriend(me, fay);
    await befriend(finn, me);
    const both = await member(t, "Cleo Common");
    await befriend(fay, both);
    await befriend(both, finn);
    const one = await member(t, "Carl Common");
    await befriend(fay, one);
    const teammate = await member(t, "Tess Teammate");
    const projectId = await create(me, { title: "Trail Mapper" });
    const { id: requestId } = await teammate.trpc.joinRequests.request.mutate({ projectId });
    await me.trpc.joinRequests.accept.mutate({ requestId });
    // Would qualify, but each is left out for a reason of its own.
    const pending = await member(t, "Pat Pending");
    await befriend(fay, pending);
    await pending.trpc.friends.request.mutate({ memberId: me.me.id });
    const hidden = await member(t, "Hal Hidden", { listedInSearch: false });
    await befriend(fay, hidden);

    const people = await suggestedPeople(me);
    expect(people[0]).toBe("Cleo Common: 2 mutual friends");
    expect(people.slice(1).sort()).toEqual([
      "Carl Common: 1 mutual friend",
      "Tess Teammate: Also in the Trail Mapper team",
    ]);

    await me.trpc.suggestions.dismiss.mutate({ kind: "person", subjectId: both.me.id });
    expect(await suggestedPeople(me)).not.toContain("Cleo Common: 2 mutual friends");
    // Friends now: no longer a suggestion.
    await befriend(one, me);
    expect((await suggestedPeople(me)).map((p) => p.split(":")[0])).toEqual(["Tess Teammate"]);
  });

  it("then members who share the member's skills, rarer ones first, or their interests", async () => {
    const t = await fresh();
    const me = await member(t, "Mia Me", { skills: ["Zig", "Go"], interestedProjects: ["Blockchain"] });
    for (let i = 0; i < 4; i++) await member(t, `Gopher ${i}`, { skills: ["Go"] });
    await member(t, "Zed Zig", { skills: ["zig", "Rust"] });
    await member(t, "Ivy Interest", { interestedProjects: ["Blockchain", "Data Science"] });
    await member(t, "Nell Nothing", { skills: ["Cobol"] });

    const people = await suggestedPeople(me);
    expect(people[0]).toBe("Zed Zig: Also knows Zig");
    expect(people).toHaveLength(4);
    expect(people.slice(1).every((p) => p.endsWith(": Also knows Go"))).toBe(true);
    expect(people.join()).not.toContain("Nell Nothing");
    // Dismissing the skilled ones in turn brings the rest up, interests last.
    for (const person of await me.trpc.suggestions.people.query()) {
      await me.trpc.suggestions.dismiss.mutate({ kind: "person", subjectId: person.id });
    }
    expect(await suggestedPeople(me)).toEqual([
      expect.stringMatching(/^Gopher \d: Also knows Go$/),
      "Ivy Interest: Also into Blockchain",
    ]);
    expect(await suggestedPeople(me)).not.toContain("Mia Me");
  });
});

describe("dismissing", () => {
  it("refuses what does not exist, and the member themselves", async () => {
    const t = await fresh();
    const me = await member(t, "Mia Me");
    const gone = { code: "NOT_FOUND", message: "This suggestion is no longer available." };
    expect(await rejection(me.trpc.suggestions.dismiss.mutate({ kind: "project", subjectId: "nope" }))).toMatchObject(
      gone,
    );
    expect(await rejection(me.trpc.suggestions.dismiss.mutate({ kind: "person", subjectId: me.me.id }))).toMatchObject(
      gone,
    );
  });
});
