import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DELETE_NOT_OWNER,
  EDIT_NOT_OWNER,
  FREE_PLAN_LIMIT_REACHED,
  MISSING_INFORMATION,
  PROJECT_NOT_FOUND,
  PROJECTS_PAGE_SIZE,
} from "@core/project-rules";
import { profiles, projectJoinRequests, projects, users, type NewProject } from "@db/schema";
import { indexedForm, searchWords } from "@core/search-words";
import { countedStats } from "@testing/counted-stats";
import { createTestApp, refusal, rejection, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

const makePro = (m: TestMember) =>
  t.db.update(profiles).set({ subscriptionStatus: "lifetime" }).where(eq(profiles.id, m.me.id));
const storedIn = async (app: TestApp, id: string) =>
  (await app.db.select().from(projects).where(eq(projects.id, id)))[0];
const stored = (id: string) => storedIn(t, id);
const minimal = { title: "Crewboard", category: "Web Development" } as const;

describe("create", () => {
  it("stores a project with the spec's defaults, trimmed text and clean lists", async () => {
    const m = await t.member("Grace Hopper");
    const { id } = await m.trpc.projects.create.mutate({
      title: "  Compiler  ",
      category: "DevOps",
      description: "  A to B  ",
      duration: "   ",
      techStack: [" React ", "React", "", "  ", "Go"],
    });
    const project = await m.trpc.projects.byId.query({ id });
    expect(project).toMatchObject({
      title: "Compiler",
      category: "DevOps",
      description: "A to B",
      status: "open",
      members: 1,
      progress: 0,
      duration: null,
      budgetRange: null,
      githubUrl: null,
      demoUrl: null,
      techStack: ["React", "Go"],
      plannedFeatures: [],
      userId: m.me.id,
      isOwner: true,
      owner: { displayName: "Grace Hopper", specialization: null },
    });
    const other = await t.member();
    expect((await other.trpc.projects.byId.query({ id })).isOwner).toBe(false);
  });

  it("keeps everything a full form sends", async () => {
    const m = await t.member();
    const full = {
      status: "in_progress" as const,
      members: 7,
      progress: 40,
      duration: "3 months",
      plannedFeatures: ["Search"],
      completedFeatures: ["Sign-in", "Feed"],
      pendingFeatures: ["Chat"],
      skillsRequired: ["Testing"],
    };
    const { id } = await m.trpc.projects.create.mutate({ ...minimal, ...full });
    expect(await stored(id)).toMatchObject(full);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["a blank title", { title: "   " }, MISSING_INFORMATION],
    ["no category", { category: "" }, MISSING_INFORMATION],
    ["a category not in the list", { category: "Cooking" }, "Please choose a category from the list."],
    ["a 121-character title", { title: "x".repeat(121) }, "Title must be at most 120 characters."],
    ["a 5001-character description", { description: "x".repeat(5001) }, "Description must be at most 5000 characters."],
    ["a team of 0", { members: 0 }, "Team size must be a whole number from 1 to 1000."],
    ["a team of 1001", { members: 1001 }, "Team size must be a whole number from 1 to 1000."],
    ["a team of 2.5", { members: 2.5 }, "Team size must be a whole number from 1 to 1000."],
    ["progress 101", { progress: 101 }, "Progress must be a whole number from 0 to 100."],
    ["progress -1", { progress: -1 }, "Progress must be a whole number from 0 to 100."],
    ["an unknown status", { status: "archived" }, "Please choose a status from the list."],
    ["a 51-character duration", { duration: "x".repeat(51) }, "Duration must be at most 50 characters."],
    [
      "51 technologies",
      { techStack: Array.from({ length: 51 }, (_, i) => `tech ${i}`) },
      "Tech stack can hold at most 50 items.",
    ],
    [
      "an 81-character feature",
      { plannedFeatures: ["y".repeat(81)] },
      "Each item in Planned features must be at most 80 characters.",
    ],
  ];
  it.each(refusals)("refuses %s with a clear message and stores nothing", async (_, change, message) => {
    const m = await t.member();
    const error = await rejection(m.trpc.projects.create.mutate({ ...minimal, ...change }));
    expect(error).toMatchObject({ message, code: "BAD_REQUEST" });
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(0);
  });

  it("falls back to a team of 1 when no size is given, and counts 50 distinct items after trimming", async () => {
    const m = await t.member();
    const fifty = Array.from({ length: 50 }, (_, i) => `skill ${i}`);
    const { id } = await m.trpc.projects.create.mutate({
      ...minimal,
      members: null,
      skillsRequired: [...fifty, " skill 0 ", ""],
    });
    expect(await stored(id)).toMatchObject({ members: 1, skillsRequired: fifty });
  });

  it("needs a signed-in member", async () => {
    const error = await rejection(t.browser().trpc.projects.create.mutate(minimal));
    expect(error.code).toBe("UNAUTHORIZED");
  });
});

describe("free plan", () => {
  it("lets a free member own 3 projects and refuses the 4th; Pro lifts the limit", async () => {
    const m = await t.member();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await m.trpc.projects.create.mutate({ ...minimal, title: `P${i}` })).id);
    const error = await rejection(m.trpc.projects.create.mutate({ ...minimal, title: "P3" }));
    expect(error).toMatchObject({ message: FREE_PLAN_LIMIT_REACHED, code: "FORBIDDEN" });
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(3);

    // Deleting one frees a place again.
    await m.trpc.projects.remove.mutate({ id: ids[0]! });
    await m.trpc.projects.create.mutate({ ...minimal, title: "P3" });

    await makePro(m);
    await m.trpc.projects.create.mutate({ ...minimal, title: "P4" });
    await m.trpc.projects.create.mutate({ ...minimal, title: "P5" });
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(5);
  });

  it("holds when several creates arrive at once", async () => {
    const m = await t.member();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => m.trpc.projects.create.mutate({ ...minimal, title: `Rush ${i}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [refusal(r.reason)] : []));
    expect(refusals).toEqual(
      Array.from({ length: 3 }, () => ({ message: FREE_PLAN_LIMIT_REACHED, code: "FORBIDDEN", status: 403 })),
    );
    expect(await t.db.$count(projects, eq(projects.userId, m.me.id))).toBe(3);
  });
});

describe("update", () => {
  it("saves the owner's edit, with budget and links; an empty link is stored as null", async () => {
    const m = await t.member();
    const { id } = await m.trpc.projects.create.mutate(minimal);
    await m.trpc.projects.update.mutate({
      id,
      ...minimal,
      title: "Renamed",
      status: "completed",
      budgetRange: "$1,000 - $5,000",
      githubUrl: " https://github.com/acme/crewboard ",
      demoUrl: "",
    });
    expect(await stored(id)).toMatchObject({
      title: "Renamed",
      status: "completed",
      budgetRange: "$1,000 - $5,000",
      githubUrl: "https://github.com/acme/crewboard",
      demoUrl: null,
    });
  });

  it.each([
    ["githubUrl", "javascript:alert(1)", "GitHub URL must be a link starting with http:// or https://."],
    ["demoUrl", "ftp://example.com/file", "Demo URL must be a link starting with http:// or https://."],
    ["demoUrl", "not a link", "Demo URL must be a link starting with http:// or https://."],
    ["budgetRange", "A million", "Please choose a budget range from the list."],
    ["title", "", MISSING_INFORMATION],
  ])("refuses %s %j and changes nothing", async (field, value, message) => {
    const m = await t.member();
    const { id } = await m.trpc.projects.create.mutate(minimal);
    const before = await stored(id);
    const error = await rejection(m.trpc.projects.update.mutate({ id, ...minimal, [field]: value }));
    expect(error).toMatchObject({ message, code: "BAD_REQUEST" });
    expect(await stored(id)).toEqual(before);
  });

  it("refuses another member with the spec's message and changes nothing", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { id } = await owner.trpc.projects.create.mutate(minimal);
    const before = await stored(id);
    const error = await rejection(other.trpc.projects.update.mutate({ id, ...minimal, title: "Mine now" }));
    expect(error).toMatchObject({ message: EDIT_NOT_OWNER, code: "FORBIDDEN" });
    expect(await stored(id)).toEqual(before);
  });

  it("answers 'Project not found' for an unknown id", async () => {
    const m = await t.member();
    const error = await rejection(m.trpc.projects.update.mutate({ id: "nope", ...minimal }));
    expect(error).toMatchObject({ message: PROJECT_NOT_FOUND, code: "NOT_FOUND" });
    expect(await rejection(m.trpc.projects.byId.query({ id: "nope" }))).toMatchObject({ message: PROJECT_NOT_FOUND });
  });
});

describe("remove", () => {
  it("refuses another member, then deletes for the owner together with its join requests", async () => {
    const owner = await t.member();
    const other = await t.member();
    const { id } = await owner.trpc.projects.create.mutate(minimal);
    await other.trpc.joinRequests.request.mutate({ projectId: id });

    const error = await rejection(other.trpc.projects.remove.mutate({ id }));
    expect(error).toMatchObject({ message: DELETE_NOT_OWNER, code: "FORBIDDEN" });
    expect(await stored(id)).toBeDefined();

    await owner.trpc.projects.remove.mutate({ id });
    expect(await stored(id)).toBeUndefined();
    expect(await t.db.$count(projectJoinRequests, eq(projectJoinRequests.projectId, id))).toBe(0);
    expect(await rejection(owner.trpc.projects.remove.mutate({ id }))).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("list", () => {
  let app: TestApp;
  let viewer: TestMember;
  const base = Date.UTC(2026, 0, 1);

  /** Projects written straight to the table: the free plan would stop a member at 3. */
  async function insertProjects(ownerId: string, count: number, make: (i: number) => Partial<NewProject> = () => ({})) {
    const rows: NewProject[] = Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      userId: ownerId,
      title: `Project ${i}`,
      category: "Web Development",
      // Many share a millisecond, so the id must break ties for the cursor to hold.
      createdAt: new Date(base + Math.floor(i / 5) * 1000),
      ...make(i),
    }));
    for (let i = 0; i < rows.length; i += 100) await app.db.insert(projects).values(rows.slice(i, i + 100));
    return rows;
  }

  async function allPages(
    fetchPage: (cursor?: string) => Promise<{ items: { id: string }[]; nextCursor: string | null }>,
    between?: () => Promise<unknown>,
  ) {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await fetchPage(cursor);
      ids.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
      await between?.();
    } while (cursor);
    return { ids, pages };
  }

  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
    viewer = await app.member();
  });

  it("pages newest first, 24 at a time, without gaps or repeats while new projects arrive", async () => {
    const owner = await app.member();
    const rows = await insertProjects(owner.me.id, 70);
    const expected = [...rows]
      .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    let arrivals = 0;
    const { ids, pages } = await allPages(
      (cursor) => viewer.trpc.projects.list.query({ cursor }),
      // Someone publishes between every two pages.
      () => insertProjects(owner.me.id, 2, () => ({ title: `Arrival ${++arrivals}`, createdAt: new Date() })),
    );
    expect(pages).toBe(3);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    const first = await viewer.trpc.projects.list.query({});
    expect(first.items).toHaveLength(PROJECTS_PAGE_SIZE);
    // The two newest share a millisecond: either may come first.
    expect(
      first.items
        .slice(0, 2)
        .map((p) => p.title)
        .sort(),
    ).toEqual([`Arrival ${arrivals - 1}`, `Arrival ${arrivals}`]);
  });

  it("combines category and status filters, and pages through them", async () => {
    const owner = await app.member();
    await insertProjects(owner.me.id, 60, (i) => ({
      category: i % 2 ? "IoT" : "Blockchain",
      status: i % 3 ? "open" : "on_hold",
    }));
    const { ids } = await allPages((cursor) =>
      viewer.trpc.projects.list.query({ category: "IoT", status: "on_hold", limit: 4, cursor }),
    );
    expect(ids).toHaveLength(10);
    const rows = await Promise.all(ids.map((id) => storedIn(app, id)));
    expect(rows.every((r) => r?.category === "IoT" && r.status === "on_hold")).toBe(true);

    // A category alone pages through every status of it, newest first.
    const iot = await allPages((cursor) => viewer.trpc.projects.list.query({ category: "IoT", limit: 7, cursor }));
    const iotRows = await Promise.all(iot.ids.map((id) => storedIn(app, id)));
    expect(iotRows).toHaveLength(30);
    expect(iotRows.every((r) => r?.category === "IoT")).toBe(true);
    const times = iotRows.map((r) => r!.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("lists only the caller's own projects with mine, newest first", async () => {
    const m = await app.member();
    await makeProIn(app, m);
    const start = Date.now();
    for (const [i, title] of ["One", "Two", "Three", "Four"].entries()) {
      const { id } = await m.trpc.projects.create.mutate({ ...minimal, title });
      // Explicit creation times a second apart: two creates within one millisecond would fall
      // back to the order of their random ids.
      await app.db
        .update(projects)
        .set({ createdAt: new Date(start + i * 1000) })
        .where(eq(projects.id, id));
    }
    const recent = await m.trpc.projects.list.query({ mine: true, limit: 3 });
    expect(recent.items.map((p) => p.title)).toEqual(["Four", "Three", "Two"]);
    expect((await viewer.trpc.projects.list.query({ mine: true })).items).toEqual([]);
  });

  it("lists one member's projects for their profile, newest first", async () => {
    const m = await app.member();
    for (const title of ["Older", "Newer"]) {
      await m.trpc.projects.create.mutate({ ...minimal, title });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const other = await app.member();
    await other.trpc.projects.create.mutate({ ...minimal, title: "Someone else's" });
    const theirs = await viewer.trpc.projects.list.query({ ownerId: m.me.id });
    expect(theirs.items.map((p) => p.title)).toEqual(["Newer", "Older"]);
    expect((await viewer.trpc.projects.list.query({ ownerId: "nobody" })).items).toEqual([]);
  });

  it("sends cards, not whole rows: a description cut to 300 characters and a count of completed features", async () => {
    const m = await app.member();
    const { id } = await m.trpc.projects.create.mutate({
      ...minimal,
      description: "d".repeat(1000),
      completedFeatures: ["a", "b"],
      plannedFeatures: ["c"],
    });
    const [card] = (await m.trpc.projects.list.query({ mine: true })).items;
    expect(card).toMatchObject({ id, completedFeatureCount: 2 });
    expect(card!.description).toHaveLength(300);
    expect(card).not.toHaveProperty("plannedFeatures");
    expect((await m.trpc.projects.byId.query({ id })).description).toHaveLength(1000);
  });

  it("refuses a cursor it did not make with a message, not a crash", async () => {
    for (const cursor of ["garbage", "d1.'; DROP TABLE projects", "r-1", "%", "r1"]) {
      expect(await rejection(viewer.trpc.projects.list.query({ cursor }))).toMatchObject({
        code: "BAD_REQUEST",
        message: "This list has changed. Please reload the page.",
      });
    }
  });

  describe("search", () => {
    let owner: TestMember;
    beforeAll(async () => {
      owner = await app.member();
      await insertProjects(owner.me.id, 40, (i) => ({
        title: i % 4 === 0 ? `Zebra tracker ${i}` : `Plain ${i}`,
        description: i === 7 ? `Uses 100% "quoted" stuff; O'Reilly style (really)` : "Nothing to see",
        techStack: i % 5 === 0 ? ["Kotlin", "Ktor"] : ["Rust"],
        category: i % 2 ? "IoT" : "Other",
      }));
    });

    it("finds words in title, description and tech stack, newest insert first, and pages by rowid", async () => {
      const zebra = await allPages((cursor) => viewer.trpc.projects.list.query({ search: "zebra", limit: 3, cursor }));
      expect(zebra.ids).toHaveLength(10);
      expect(new Set(zebra.ids).size).toBe(10);
      const titles = (await Promise.all(zebra.ids.map((id) => storedIn(app, id)))).map((p) => p!.title);
      expect(titles[0]).toBe("Zebra tracker 36");
      expect(titles.at(-1)).toBe("Zebra tracker 0");

      expect((await viewer.trpc.projects.list.query({ search: "KOTLIN" })).items).toHaveLength(8);
      expect((await viewer.trpc.projects.list.query({ search: "o'reilly" })).items).toHaveLength(1);
    });

    it("matches the last word as a prefix and combines with the filters", async () => {
      expect((await viewer.trpc.projects.list.query({ search: "zeb" })).items).toHaveLength(10);
      const page = await viewer.trpc.projects.list.query({ search: "zebra trac", category: "Other" });
      expect(page.items).toHaveLength(10);
      expect((await viewer.trpc.projects.list.query({ search: "zebra", category: "IoT" })).items).toHaveLength(0);
    });

    it("matches the last word as a prefix of words a project gained when published or edited, accents aside", async () => {
      const author = await app.member();
      const { id } = await author.trpc.projects.create.mutate({ ...minimal, title: "Quokkaland Über" });
      const found = async (search: string) =>
        (await viewer.trpc.projects.list.query({ search })).items.map((p) => p.id);
      expect(await found("quok")).toEqual([id]);
      expect(await found("Üb")).toEqual([id]);
      expect(await found("quokkaland ube")).toEqual([id]);
      await author.trpc.projects.update.mutate({ ...minimal, id, title: "Xylophone Orchestra" });
      expect(await found("xylo")).toEqual([id]);
      expect(await found("quok")).toEqual([]);
    });

    it("matches a last word that begins more words than a search lists one by one", async () => {
      await insertProjects(owner.me.id, 40, (i) => ({ title: `Wombat w${i}x` }));
      expect((await viewer.trpc.projects.list.query({ search: "w", limit: 100 })).items).toHaveLength(40);
      expect((await viewer.trpc.projects.list.query({ search: "wombat w1", limit: 100 })).items).toHaveLength(11);
    });

    it.each([
      ['"', 0],
      ["%", 0],
      ["100%", 1],
      ['"quoted', 1],
      ['quoted"', 1],
      ["(really", 1],
      ["zebra*", 10],
      ["zebra OR plain", 0],
      ["NEAR(zebra plain)", 0],
      ["-zebra", 10],
      ["title:zebra", 0],
      ["^zebra", 10],
      ["'; DROP TABLE projects; --", 0],
      ["\\", 0],
      ["🦓 zebra", 10],
      ["_", 0],
    ] as const)("treats %j as plain words (%i found)", async (search, found) => {
      const page = await viewer.trpc.projects.list.query({ search });
      expect(page.items).toHaveLength(found);
    });

    it("finds what reading every project's words finds, in the same order, page by page, through edits and deletions", async () => {
      const vocabulary = ["the", "help", "looking", "quokka", "Über", "uber", "café", "cafe", "data"];
      vocabulary.push("database", "dashboard", "v2", "Team", "teams", "teammate");
      const pick = (i: number) => vocabulary[i % vocabulary.length]!;
      const rows = await insertProjects(owner.me.id, 60, (i) => ({
        title: `${pick(i)} ${pick(i * 7)}`,
        description: i % 3 ? `${pick(i * 5 + 1)}, and ${pick(i * 11 + 2)}!` : "",
        techStack: i % 4 ? [pick(i * 3)] : [],
      }));
      // An edited project is found by its new words only, a deleted one not at all.
      await app.db.update(projects).set({ title: "Quokka dashboard" }).where(eq(projects.id, rows[5]!.id));
      await app.db.delete(projects).where(eq(projects.id, rows[6]!.id));

      // The spec's way: every project, newest insert first, its words as the index splits them.
      const everything = await app.db
        .select({
          id: projects.id,
          title: projects.title,
          description: projects.description,
          techStack: projects.techStack,
        })
        .from(projects)
        .orderBy(sql`rowid DESC`);
      const wordsOf = (p: (typeof everything)[number]) =>
        new Set(searchWords(`${p.title} ${p.description} ${p.techStack.join(" ")}`, Infinity).map(indexedForm));
      const searches = ["the", "quokka", "the quo", "dat", "d", "über", "UBER", "Ü", "café", "help looking"];
      searches.push("zebra kotlin", "the the", "v2", "team", "teamm", "looking da", "dashboard quokka");
      for (const search of searches) {
        const asked = searchWords(search).map(indexedForm);
        const last = asked.pop()!;
        const expected = everything.filter((p) => {
          const words = wordsOf(p);
          return asked.every((word) => words.has(word)) && [...words].some((word) => word.startsWith(last));
        });
        const found = await allPages((cursor) => viewer.trpc.projects.list.query({ search, limit: 7, cursor }));
        expect(found.ids, search).toEqual(expected.map((p) => p.id));
      }
    });

    it("counts each word's projects as the index holds them, through inserts, edits and deletions", async () => {
      const counted = await app.db.all<{ word: string; docs: number }>(
        sql`SELECT word, docs FROM project_search_words WHERE docs > 0 ORDER BY word`,
      );
      const held = await app.db.all<{ word: string; docs: number }>(
        sql`SELECT word, count(*) AS docs FROM project_postings GROUP BY word ORDER BY word`,
      );
      expect(held.length).toBeGreaterThan(20);
      expect(counted).toEqual(held);
    });

    it("pages a search without gaps or repeats while new matches arrive", async () => {
      const seen = await allPages(
        (cursor) => viewer.trpc.projects.list.query({ search: "zebra", limit: 4, cursor }),
        () => insertProjects(owner.me.id, 1, () => ({ title: "Zebra newcomer", createdAt: new Date() })),
      );
      const titles = (await Promise.all(seen.ids.map((id) => storedIn(app, id)))).map((p) => p!.title);
      expect(titles.filter((title) => title === "Zebra newcomer")).toHaveLength(0);
      expect(new Set(seen.ids).size).toBe(10);
    });
  });

  it("refuses an over-long search with a message", async () => {
    const error = await rejection(viewer.trpc.projects.list.query({ search: "x".repeat(201) }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: "Search must be at most 200 characters." });
  });
});

const makeProIn = (app: TestApp, m: TestMember) =>
  app.db.update(profiles).set({ subscriptionStatus: "lifetime" }).where(eq(profiles.id, m.me.id));

describe("stats", () => {
  it("counts by status, sums team members and counts the dashboard's categories over all projects", async () => {
    const app = await createTestApp();
    const a = await app.member();
    const b = await app.member();
    await makeProIn(app, a);
    const make = (
      m: TestMember,
      category: "Web Development" | "E-commerce" | "IoT",
      status: "open" | "completed" | "in_progress" | "on_hold",
      members: number,
    ) => m.trpc.projects.create.mutate({ title: "S", category, status, members });
    await make(a, "Web Development", "open", 3);
    await make(a, "Web Development", "open", 2);
    await make(a, "E-commerce", "completed", 5);
    await make(a, "IoT", "in_progress", 4);
    await make(b, "IoT", "on_hold", 10);
    expect(await b.trpc.projects.stats.query()).toEqual({
      active: 2,
      completed: 1,
      inProgress: 1,
      teamMembers: 24,
      categories: {
        "Web Development": 2,
        "Mobile Apps": 0,
        "UI/UX Design": 0,
        "Data Science": 0,
        "Digital Marketing": 0,
        "E-commerce": 1,
      },
    });
  });

  it("stay equal to counting every project through edits, deletions and a deleted account", async () => {
    const app = await createTestApp();
    const a = await app.member();
    const b = await app.member();
    await makeProIn(app, a);
    const fields = { title: "S", category: "IoT" as const, status: "open" as const, members: 2 };
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await a.trpc.projects.create.mutate(fields)).id);
    await b.trpc.projects.create.mutate({ ...fields, category: "E-commerce", members: 7 });
    // Re-filed: another status, category and team size; an edit of the title alone changes nothing.
    await a.trpc.projects.update.mutate({
      ...fields,
      id: ids[0]!,
      category: "Web Development",
      status: "completed",
      members: 5,
    });
    await a.trpc.projects.update.mutate({ ...fields, id: ids[1]!, title: "Renamed" });
    await a.trpc.projects.remove.mutate({ id: ids[2]! });
    expect(await a.trpc.projects.stats.query()).toMatchObject({
      active: 3,
      completed: 1,
      teamMembers: 2 + 2 + 5 + 7,
      categories: { "Web Development": 1, "E-commerce": 1 },
    });
    // An account's projects go with it (ON DELETE CASCADE), and so do they from the figures.
    await app.db.delete(users).where(eq(users.id, b.me.id));
    const figures = await a.trpc.projects.stats.query();
    expect(figures).toMatchObject({ active: 2, teamMembers: 2 + 2 + 5, categories: { "E-commerce": 0 } });
    expect(figures).toEqual(await countedStats(app.db.$client));
  });
});
