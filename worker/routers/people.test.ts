import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@db/schema";
import { DEVELOPER_TYPES, EXPERIENCE_LEVELS, REGIONS, SPECIALIZATIONS } from "@core/enums";
import type { InputOf } from "@testing/calls";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

type ProfileInput = InputOf<"profiles.update">;
type Search = InputOf<"people.search">;

const fresh = () => createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });

/** Saves the member's whole profile as Settings does, over the sign-up defaults. */
const save = (m: TestMember, name: string, patch: Partial<ProfileInput> = {}) =>
  m.trpc.profiles.update.mutate({
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

async function member(t: TestApp, name: string, patch: Partial<ProfileInput> = {}) {
  const m = await t.member(name);
  await save(m, name, patch);
  return m;
}

/** Every member the search lists for `viewer`, page after page. */
async function everyone(viewer: TestMember, search: Search, limit = 5) {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof viewer.trpc.people.search.query>> = await viewer.trpc.people.search.query({
      ...search,
      limit,
      cursor,
    });
    names.push(...page.items.map((item) => item.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

describe("finding people by name and skill", () => {
  it("matches whole words and the start of the last one, in names and skills, newest first, never the caller", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer", { skills: ["Quokkascript"] });
    await member(t, "Ada Quill", { skills: ["Quokkascript", "Tailwind CSS"] });
    await member(t, "Ben Stone", { skills: ["quokkascript", "Go"] });
    await member(t, "Cy Quokkaman", { skills: ["Rust"] });

    expect(await everyone(viewer, { search: "quokkascript" })).toEqual(["Ben Stone", "Ada Quill"]);
    // The last word matches as it is being typed; names and skills alike.
    expect(await everyone(viewer, { search: "quokka" })).toEqual(["Cy Quokkaman", "Ben Stone", "Ada Quill"]);
    expect(await everyone(viewer, { search: "ada" })).toEqual(["Ada Quill"]);
    expect(await everyone(viewer, { search: "tailwind css" })).toEqual(["Ada Quill"]);
    expect(await everyone(viewer, { search: "Quokkascript go" })).toEqual(["Ben Stone"]);
    expect(await everyone(viewer, { search: "nobody-has-this" })).toEqual([]);
    // No words, no filters: everyone listed, newest first.
    expect(await everyone(viewer, {})).toEqual(["Cy Quokkaman", "Ben Stone", "Ada Quill"]);
  });

  it("shows each card's name, specialization, first skills, region, and where the viewer stands", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    const friend = await member(t, "Fay Friend", {
      specialization: "Data Science",
      region: "Germany",
      skills: ["Python", "Pandas", "SQL", "Airflow", "dbt", "Spark"],
    });
    const asked = await member(t, "Sam Sent");
    const asking = await member(t, "Rita Received");
    await member(t, "Nora None");
    const { requestId } = await viewer.trpc.friends.request.mutate({ memberId: friend.me.id });
    await friend.trpc.friends.accept.mutate({ requestId });
    const sent = await viewer.trpc.friends.request.mutate({ memberId: asked.me.id });
    const received = await asking.trpc.friends.request.mutate({ memberId: viewer.me.id });

    const { items } = await viewer.trpc.people.search.query({});
    const card = (name: string) => items.find((item) => item.name === name)!;
    expect(card("Fay Friend")).toMatchObject({
      id: friend.me.id,
      specialization: "Data Science",
      region: "Germany",
      skills: ["Python", "Pandas", "SQL", "Airflow"],
      moreSkills: 2,
      openToJoin: true,
      relationship: { status: "friends", requestId, email: friend.email },
    });
    expect(card("Sam Sent").relationship).toEqual({ status: "sent", requestId: sent.requestId, email: null });
    expect(card("Rita Received").relationship).toEqual({
      status: "received",
      requestId: received.requestId,
      email: null,
    });
    expect(card("Nora None").relationship).toEqual({ status: "none", email: null });
    // Exactly what the profile view's own question answers.
    for (const item of items) {
      expect(item.relationship).toEqual(await viewer.trpc.friends.relationship.query({ memberId: item.id }));
    }
  });
});

describe("filters", () => {
  it("lists exactly the members matching each filter and every combination of them, with and without words", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    // Members spread over the filters' values, two of them alike but for one value each.
    const people: { name: string; profile: Partial<ProfileInput> }[] = [];
    for (let i = 0; i < 12; i++) {
      people.push({
        name: `Person ${i}`,
        profile: {
          specialization: i % 5 === 4 ? null : SPECIALIZATIONS[i % 3],
          experience: EXPERIENCE_LEVELS[i % 4],
          developerType: DEVELOPER_TYPES[i % 2],
          region: REGIONS[i % 3],
          openToJoin: i % 3 !== 1,
          skills: i % 2 ? ["Elixir"] : ["Haskell"],
        },
      });
    }
    for (const p of people) await member(t, p.name, p.profile);
    const matches = (search: Search) =>
      people
        .filter(({ profile }) =>
          (["specialization", "experience", "developerType", "region"] as const).every(
            (key) => search[key] === undefined || profile[key] === search[key],
          ),
        )
        .filter(({ profile }) => !search.openToJoin || profile.openToJoin)
        .filter(({ profile }) => !search.search || profile.skills!.includes(search.search))
        .map(({ name }) => name)
        .reverse();

    // Every combination of the five filters, set to the values of two members, with and without a skill.
    for (const model of [people[0]!.profile, people[7]!.profile]) {
      for (let mask = 0; mask < 32; mask++) {
        const filter: Search = {
          specialization: mask & 1 ? (model.specialization ?? undefined) : undefined,
          experience: mask & 2 ? model.experience! : undefined,
          developerType: mask & 4 ? model.developerType! : undefined,
          region: mask & 8 ? model.region : undefined,
          openToJoin: mask & 16 ? true : undefined,
        };
        for (const search of [undefined, "Elixir"]) {
          const query = { ...filter, search };
          expect(await everyone(viewer, query), JSON.stringify(query)).toEqual(matches(query));
        }
      }
    }
  });

  it("finds every value of every list, as the index words it and the search asks for it", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    const values = (i: number) => ({
      specialization: SPECIALIZATIONS[i % SPECIALIZATIONS.length]!,
      experience: EXPERIENCE_LEVELS[i % EXPERIENCE_LEVELS.length]!,
      developerType: DEVELOPER_TYPES[i % DEVELOPER_TYPES.length]!,
      region: REGIONS[i % REGIONS.length]!,
    });
    for (let i = 0; i < SPECIALIZATIONS.length; i++) await member(t, `Value ${i}`, values(i));
    for (const key of ["specialization", "experience", "developerType", "region"] as const) {
      for (let i = 0; i < SPECIALIZATIONS.length; i++) {
        const value = values(i)[key];
        const expected = Array.from({ length: SPECIALIZATIONS.length }, (_, j) => j)
          .filter((j) => values(j)[key] === value)
          .reverse()
          .map((j) => `Value ${j}`);
        expect(await everyone(viewer, { [key]: value }, 20), `${key}: ${value}`).toEqual(expected);
      }
    }
  });

  it("refuses values that are not on the lists, and a cursor it did not give", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    expect(await rejection(viewer.trpc.people.search.query({ region: "Atlantis" as Search["region"] }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Please choose a region from the list.",
    });
    expect(await rejection(viewer.trpc.people.search.query({ cursor: "r12" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "This list has changed. Please reload the page.",
    });
    // Quotes, operators and column names are words, never FTS syntax.
    expect((await viewer.trpc.people.search.query({ search: '" OR facets : * NEAR(' })).items).toEqual([]);
  });
});

describe("paging", () => {
  it("lists each member once across pages while others join, edit their profiles and leave the search", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    const members: TestMember[] = [];
    for (let i = 0; i < 13; i++) members.push(await member(t, `Page Person ${i}`, { skills: ["Clojure"] }));

    const seen: string[] = [];
    let page = await viewer.trpc.people.search.query({ search: "clojure", limit: 4 });
    seen.push(...page.items.map((item) => item.name));
    // Meanwhile: a newcomer, an edit by someone already listed, and someone hiding who was not shown yet.
    await member(t, "Late Larry", { skills: ["Clojure"] });
    await save(members[12]!, "Page Person 12", { skills: ["Clojure", "Datomic"], region: "Canada" });
    await save(members[2]!, "Page Person 2", { skills: ["Clojure"], listedInSearch: false });
    while (page.nextCursor) {
      page = await viewer.trpc.people.search.query({ search: "clojure", limit: 4, cursor: page.nextCursor });
      seen.push(...page.items.map((item) => item.name));
    }
    const expected = Array.from({ length: 13 }, (_, i) => `Page Person ${12 - i}`).filter((n) => n !== "Page Person 2");
    expect(seen).toEqual(expected);

    // The search walks its rarest word first, by the counts the word list keeps: they stay exact.
    await t.db.delete(users).where(eq(users.id, members[5]!.me.id));
    const counted = await t.db.all(sql`SELECT word, docs FROM people_search_words WHERE docs > 0 ORDER BY word`);
    const held = await t.db.all(sql`SELECT word, count(*) AS docs FROM people_postings GROUP BY word ORDER BY word`);
    expect(held).toContainEqual({ word: "clojure", docs: 12 });
    expect(counted).toEqual(held);
  });
});

describe("members who turned off 'Show me in search'", () => {
  it("are never listed, by name, skill, filter or none, and are back when they turn it on", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    const hidden = await member(t, "Hector Hidden", {
      skills: ["Smalltalk"],
      region: "France",
      specialization: "Cybersecurity",
      listedInSearch: false,
    });
    await member(t, "Vic Visible", { skills: ["Smalltalk"], region: "France", specialization: "Cybersecurity" });
    const searches: Search[] = [
      {},
      { search: "hector" },
      { search: "smalltalk" },
      { region: "France" },
      { specialization: "Cybersecurity", region: "France", openToJoin: true },
    ];
    for (const search of searches) expect(await everyone(viewer, search)).not.toContain("Hector Hidden");
    expect((await hidden.trpc.profiles.me.query())?.listedInSearch).toBe(false);

    await save(hidden, "Hector Hidden", {
      skills: ["Smalltalk"],
      region: "France",
      specialization: "Cybersecurity",
      listedInSearch: true,
    });
    for (const search of searches) expect(await everyone(viewer, search)).toContain("Hector Hidden");
  });

  it("are gone with their account", async () => {
    const t = await fresh();
    const viewer = await member(t, "Vera Viewer");
    const leaving = await member(t, "Lea Leaving", { skills: ["Fortran"] });
    // The account's row goes, and its profile with it (ON DELETE CASCADE), as account deletion ends.
    await t.db.delete(users).where(eq(users.id, leaving.me.id));
    expect(await everyone(viewer, { search: "fortran" })).toEqual([]);
    expect(await everyone(viewer, {})).toEqual([]);
  });
});
