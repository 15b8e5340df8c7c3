/**
 * Browsing projects and people at the spec's marketing scale (10K members, 50K projects), through
 * HTTP against the real Node host: latency with one client, requests/s with ten, for pages of the
 * newest projects, category and status filters, searches for words of every frequency, the
 * dashboard figures, Find People (a common skill, a rare one, all five filters) and both of the
 * dashboard's suggestion lists, each asked by many different members. `--scale` runs the same at
 * ten times that (100K members, 500K projects) and prints both side by side, with how each
 * query's cost grew: each query timed again with both hosts up, in turns (TURN_MS at
 * each), and its SQL floor the same way, so that a slow minute of this machine falls on both sizes.
 *
 * Every timed request draws its input from a varied set (every category and status, words from
 * one in a hundred thousand projects to most of them, cursors from the first page to hundreds of
 * thousands of rows deep), so a figure is what the query costs, never what answering one input
 * again costs. Beside each, two yardsticks measured in the same run: the raw SQL floor (the very
 * statements the procedure runs for a sample of those inputs, captured from it and timed on the
 * bare SQLite driver: what the request machinery adds is the ratio between the two), and, at the
 * marketing scale, the spec's way of getting the same answer (read every project newest first,
 * then filter and count in JavaScript), in-process (no HTTP, which only flatters it), and checked
 * to give the app's answer for every input that starts at the first page. Exits non-zero when a
 * target is missed.
 *
 * Each size is seeded once into a kept folder (`.bench/projects-50k-v2/`, a few minutes;
 * `.bench/projects-500k-v2/`, half an hour on a busy 2-core machine) and reused by later runs. The
 * folder's version follows the seed's shape: v2 seeds friendships, teams and team chats.
 */
import { spawnSync } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { desc } from "drizzle-orm";
import Database from "libsql";
import type { Db } from "../db/client";
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from "../core/enums";
import { createNodeDb } from "../db/local";
import { DASHBOARD_CATEGORIES, PROJECTS_PAGE_SIZE } from "../core/project-rules";
import { PEOPLE_PAGE_SIZE, SUGGESTED_PEOPLE, SUGGESTED_PROJECTS } from "../core/discovery-rules";
import { DEVELOPER_TYPES, EXPERIENCE_LEVELS, REGIONS, SPECIALIZATIONS } from "../core/enums";
import { searchPeople, type PeopleSearch } from "../worker/people/search";
import { suggestedPeople } from "../worker/suggestions/people";
import { suggestedProjects } from "../worker/suggestions/projects";
import { projects, type Project } from "../db/schema";
import { listProjects, type ListFilter } from "../worker/projects/listing";
import { dashboardStats } from "../worker/projects/stats";
import { fixed, leanClient, percentile, printTable, ROOT, sqlFloor, startHost, TSX, writeResults } from "./lib";

const SIZES = [
  { label: "50K", members: 10_000, projects: 50_000 },
  { label: "500K", members: 100_000, projects: 500_000 },
];
const scale = process.argv.includes("--scale");
/** One client, one request at a time, for this long per case, after as long again to warm up. */
const LATENCY_SECONDS = 3;
const WARM_UP_SECONDS = 1;
/** When sizes are timed in turns, each size's host is asked for this long before the other's. */
const TURN_MS = 250;
const LOAD_SECONDS = 3;
const CONNECTIONS = 10;
const SPEC_RUNS = 3;
/** Cursors at 1,000, 2,000, 4,000 … rows into each list, up to this deep. */
const FIRST_DEPTH = 1000;
const MAX_DEPTH = 300_000;
/** A word no seeded project uses; the bench's member publishes a few projects that do. */
const RARE_WORD = "quetzalcoatl";
/**
 * Searched words by how many seeded projects use them: in most (a word of the pitches), about a
 * third, one in seven or fifteen (a technology, a title's adjective or noun), none, and the
 * bench's own few. The last word of a search matches as a prefix, so a short one reaches many words.
 */
const WORDS = {
  common: ["the", "help", "first", "looking", "open", "team"],
  middling: ["rust", "react", "serverless", "weather", "marketplace", "kubernetes"],
  rare: [RARE_WORD, "feathered serpent", "quetzal", "zeppelin", "quokka"],
};
/** Inputs whose statements the floor times, spread over each case's set, and runs of each. */
const FLOOR_INPUTS = 24;
const FLOOR_RUNS = 100;
const TARGETS = { p99Ms: 6, dashboardP99Ms: 5, discoveryP99Ms: 10, firstPageReqPerSec: 2000, ratio: 20, growth: 1.5 };
/**
 * A floor's growth is told apart from the timer's jitter only past this many milliseconds: the same
 * statement over tables that do not grow with the projects (the dashboard's kept counts) read 0.065
 * and 0.130 ms at the two sizes of one run.
 */
const FLOOR_JITTER_MS = 0.1;
/** Skills by how many seeded members list them (scripts/seed.ts draws early ones far more often). */
const SKILLS = {
  common: ["react", "typescript", "python", "node", "sql"],
  rare: ["prolog", "cobol", "fortran", "julia", "quetzalcoatl"],
};
/** Seeded members signed in to ask for their own suggestions, spread over the whole list. */
const VIEWERS = 40;

type Size = (typeof SIZES)[number];

/** The kept, seeded database of this size: seeded into a side folder first, so a failed seed leaves nothing. */
function seededDatabase(size: Size) {
  const dir = join(ROOT, ".bench", `projects-${size.label.toLowerCase()}-v2`);
  const file = join(dir, "app.db");
  if (existsSync(file)) return file;
  const seeding = `${dir}.seeding`;
  rmSync(seeding, { recursive: true, force: true });
  console.log(`Seeding ${size.members} members and ${size.projects} projects into ${dir} (kept for later runs) ...`);
  const seeded = spawnSync(
    TSX,
    ["scripts/seed.ts", "--members", String(size.members), "--projects", String(size.projects)],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: seeding, LIBSQL_URL: "" }, stdio: "inherit" },
  );
  if (seeded.status !== 0) throw new Error("Seeding failed");
  rmSync(dir, { recursive: true, force: true });
  renameSync(seeding, dir);
  return file;
}

type Input = Record<string, unknown> | undefined;
/** A signed-in member: whose session a request carries, and whose id the SQL floor runs as. */
interface Viewer {
  id: string;
  cookie: string;
}
/** One timed request: its input, asked as this member. */
interface Call {
  input: Input;
  as: Viewer;
}
type Procedure = "projects.list" | "projects.stats" | "people.search" | "suggestions.projects" | "suggestions.people";
interface Case {
  name: string;
  procedure: Procedure;
  /** The calls its timed requests draw from. */
  calls: (db: Db, viewers: { bench: Viewer; many: Viewer[] }) => Promise<Call[]>;
  /** What the procedure runs for a call, through the app's own query code (the SQL floor captures it). */
  run: (db: Db, call: Call) => Promise<unknown>;
  /** The spec's way: the same answer from every project, newest first, for an input without a cursor. */
  specWay?: (all: Project[], input: Input) => unknown;
  /** Whether the app's answer agrees with the spec's. */
  agrees?: (app: unknown, spec: unknown) => boolean;
  target: "latency" | "latency+throughput" | "latency+ratio";
}

/** The bench's own member asks every one of these inputs. */
const asBench = (inputs: (db: Db) => Promise<Input[]>) => async (db: Db, viewers: { bench: Viewer }) =>
  (await inputs(db)).map((input) => ({ input, as: viewers.bench }));
const listRun = (db: Db, { input }: Call) => {
  const filter = (input ?? {}) as ListFilter & { cursor?: string };
  return listProjects(db, filter, PROJECTS_PAGE_SIZE, filter.cursor);
};

const pageIds = (app: unknown) => (app as { items: { id: string }[] }).items.map((p) => p.id);
const samePage = (app: unknown, spec: unknown) =>
  JSON.stringify(pageIds(app)) === JSON.stringify((spec as Project[]).map((p) => p.id));
/** As FTS5's unicode61 tokenizer reads a search: words, the last one a prefix. */
const matchesSearch = (search: string) => {
  const words = search.toLowerCase().split(/\s+/);
  return (p: Project) => {
    const tokens = [p.title, p.description, ...p.techStack]
      .join(" ")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
    return words.every((word, i) =>
      tokens.some((token) => (i === words.length - 1 ? token.startsWith(word) : token === word)),
    );
  };
};
/** A search page lists matches by insertion order, so every id on it must be among the spec's matches. */
const withinMatches = (app: unknown, spec: unknown) => {
  const ids = new Set((spec as Project[]).map((p) => p.id));
  const page = pageIds(app);
  return page.length === Math.min(PROJECTS_PAGE_SIZE, ids.size) && page.every((id) => ids.has(id));
};
const byFilter = (all: Project[], input: Input) => {
  const { category, status } = (input ?? {}) as ListFilter;
  return all
    .filter((p) => (!category || p.category === category) && (!status || p.status === status))
    .slice(0, PROJECTS_PAGE_SIZE);
};

/**
 * The filter itself, then the same filter from cursors at doubling depths into its list, each
 * found by paging through it with the app's own query, so the bench never builds a cursor itself.
 */
async function withCursors(db: Db, filter: ListFilter & Record<string, unknown>): Promise<Input[]> {
  const inputs: Input[] = [filter];
  let cursor: string | undefined;
  for (let depth = 0, next = FIRST_DEPTH; next <= MAX_DEPTH; depth = next, next *= 2) {
    const page = await listProjects(db, filter, next - depth, cursor);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    inputs.push({ ...filter, cursor });
  }
  return inputs;
}

const everyInput = async (db: Db, filters: (ListFilter & Record<string, unknown>)[]) =>
  (await Promise.all(filters.map((filter) => withCursors(db, filter)))).flat();

const searches = (words: string[]) => ({
  procedure: "projects.list" as const,
  calls: asBench((db) =>
    everyInput(
      db,
      words.map((search) => ({ search })),
    ),
  ),
  run: listRun,
  specWay: (all: Project[], input: Input) => all.filter(matchesSearch((input as { search: string }).search)),
  agrees: withinMatches,
  target: "latency+ratio" as const,
});

/** People searches from the first page and from cursors at doubling depths, found with the app's own query. */
async function peopleCalls(db: Db, viewer: Viewer, searches: PeopleSearch[]): Promise<Call[]> {
  const calls: Call[] = [];
  for (const search of searches) {
    calls.push({ input: search as Input, as: viewer });
    let cursor: string | undefined;
    for (let depth = 0, next = FIRST_DEPTH; next <= MAX_DEPTH; depth = next, next *= 2) {
      const page = await searchPeople(db, viewer.id, search, next - depth, cursor);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
      calls.push({ input: { ...search, cursor } as Input, as: viewer });
    }
  }
  return calls;
}

const people = (searches: PeopleSearch[]) => ({
  procedure: "people.search" as const,
  calls: (db: Db, { bench }: { bench: Viewer }) => peopleCalls(db, bench, searches),
  run: (db: Db, { input, as }: Call) => {
    const { cursor, ...search } = input as PeopleSearch & { cursor?: string };
    return searchPeople(db, as.id, search, PEOPLE_PAGE_SIZE, cursor);
  },
  target: "latency" as const,
});

/** Every filter at once, over values spread across each list, with and without a common skill. */
const allFilters: PeopleSearch[] = Array.from({ length: 24 }, (_, i) => ({
  specialization: SPECIALIZATIONS[i % SPECIALIZATIONS.length],
  experience: EXPERIENCE_LEVELS[i % EXPERIENCE_LEVELS.length],
  developerType: DEVELOPER_TYPES[i % DEVELOPER_TYPES.length],
  region: REGIONS[i % REGIONS.length],
  openToJoin: true,
  search: i % 3 === 0 ? SKILLS.common[i % SKILLS.common.length] : undefined,
}));

/** A suggestion list, asked by each of the many signed-in members for their own. */
const suggestions = (procedure: "suggestions.projects" | "suggestions.people") => ({
  procedure,
  calls: (_db: Db, { many }: { many: Viewer[] }) => Promise.resolve(many.map((as) => ({ input: undefined, as }))),
  run: (db: Db, { as }: Call) =>
    procedure === "suggestions.projects"
      ? suggestedProjects(db, as.id, SUGGESTED_PROJECTS)
      : suggestedPeople(db, as.id, SUGGESTED_PEOPLE),
  target: "latency" as const,
});

const cases: Case[] = [
  {
    name: "newest first, first page to deep",
    procedure: "projects.list",
    calls: asBench((db) => withCursors(db, {})),
    run: listRun,
    specWay: byFilter,
    agrees: samePage,
    target: "latency+throughput",
  },
  {
    name: "category + status, every pair",
    procedure: "projects.list",
    calls: asBench((db) =>
      everyInput(
        db,
        PROJECT_CATEGORIES.flatMap((category) => PROJECT_STATUSES.map((status) => ({ category, status }))),
      ),
    ),
    run: listRun,
    specWay: byFilter,
    agrees: samePage,
    target: "latency",
  },
  {
    name: "category alone, every one",
    procedure: "projects.list",
    calls: asBench((db) =>
      everyInput(
        db,
        PROJECT_CATEGORIES.map((category) => ({ category })),
      ),
    ),
    run: listRun,
    specWay: byFilter,
    agrees: samePage,
    target: "latency",
  },
  { name: `search, common words (${WORDS.common.join(", ")})`, ...searches(WORDS.common) },
  { name: `search, middling words (${WORDS.middling.join(", ")})`, ...searches(WORDS.middling) },
  { name: `search, rare words (${WORDS.rare.join(", ")})`, ...searches(WORDS.rare) },
  {
    name: "dashboard figures",
    procedure: "projects.stats",
    // It takes no input: the figures are counts the database keeps.
    calls: asBench(() => Promise.resolve([undefined])),
    run: (db) => dashboardStats(db),
    specWay: (all) => ({
      active: all.filter((p) => p.status === "open").length,
      completed: all.filter((p) => p.status === "completed").length,
      inProgress: all.filter((p) => p.status === "in_progress").length,
      teamMembers: all.reduce((sum, p) => sum + p.members, 0),
      categories: Object.fromEntries(DASHBOARD_CATEGORIES.map((c) => [c, all.filter((p) => p.category === c).length])),
    }),
    agrees: (app, spec) => JSON.stringify(app) === JSON.stringify(spec),
    target: "latency+ratio",
  },
  {
    name: `people, common skills (${SKILLS.common.join(", ")})`,
    ...people(SKILLS.common.map((search) => ({ search }))),
  },
  { name: `people, rare skills (${SKILLS.rare.join(", ")})`, ...people(SKILLS.rare.map((search) => ({ search }))) },
  { name: "people, all five filters (a third with a skill)", ...people(allFilters) },
  { name: `suggestions: projects, ${VIEWERS} members`, ...suggestions("suggestions.projects") },
  { name: `suggestions: people, ${VIEWERS} members`, ...suggestions("suggestions.people") },
];

/** Cases measured against the discovery target rather than the projects lists'. */
const isDiscovery = (c: { procedure: Procedure }) =>
  c.procedure.startsWith("people.") || c.procedure.startsWith("suggestions.");

const path = (c: Case, input: Input) =>
  `/api/trpc/${c.procedure}${input ? `?input=${encodeURIComponent(JSON.stringify({ json: input }))}` : ""}`;

/** The same order on every run, so runs draw the same sequence of inputs. */
function shuffled<T>(items: T[]) {
  let state = 20261125;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A request as sent: where, and whose session it carries. */
interface Sent {
  path: string;
  cookie: string;
}

/** Each call gives the next of the requests, round and round. */
function cycle(requests: Sent[]) {
  let i = 0;
  return () => requests[i++ % requests.length]!;
}

const MEMBER = { displayName: "Bench Member", email: "bench.member@example.com", password: "correct horse" };

/**
 * The bench's member, signed in: signed up on a database's first run, with the few projects that
 * carry the rare word, and signed in again on later runs of the kept database.
 */
const poster =
  (origin: string) =>
  async (procedure: string, json: object, cookie = "") => {
    const response = await fetch(`${origin}/api/trpc/${procedure}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
      body: JSON.stringify({ json }),
    });
    if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
    return response;
  };

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

const idOf = async (response: Response) =>
  ((await response.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;

async function signedInMember(origin: string, file: string): Promise<Viewer> {
  const post = poster(origin);
  const bare = new Database(file, { readonly: true });
  const known = bare.prepare("SELECT 1 FROM users WHERE email = ?").get(MEMBER.email) !== undefined;
  bare.close();
  const signedIn = known ? await post("auth.signIn", MEMBER) : await post("auth.signUp", MEMBER);
  const cookie = cookieOf(signedIn);
  if (!known) {
    for (let i = 1; i <= 3; i++) {
      await post(
        "projects.create",
        { title: `Feathered Serpent ${i}`, category: "Other", description: `Named after ${RARE_WORD}.` },
        cookie,
      );
    }
  }
  return { id: await idOf(signedIn), cookie };
}

/** Seeded members spread over the whole list (demo password), each signed in for their own suggestions. */
async function signedInViewers(origin: string, file: string): Promise<Viewer[]> {
  const post = poster(origin);
  const bare = new Database(file, { readonly: true });
  const { n } = bare.prepare("SELECT count(*) AS n FROM users WHERE email LIKE '%@demo.crewboard.dev'").get() as {
    n: number;
  };
  const pickEvery = Math.max(1, Math.floor(n / VIEWERS));
  const emails = bare
    .prepare(
      "SELECT email FROM (SELECT email, row_number() OVER (ORDER BY rowid) AS i FROM users WHERE email LIKE '%@demo.crewboard.dev') WHERE i % ? = 0 LIMIT ?",
    )
    .all(pickEvery, VIEWERS) as { email: string }[];
  bare.close();
  const viewers: Viewer[] = [];
  for (const { email } of emails) {
    const signedIn = await post("auth.signIn", { email, password: "crewboard-demo" });
    viewers.push({ id: await idOf(signedIn), cookie: cookieOf(signedIn) });
  }
  return viewers;
}

/**
 * One client's requests to a host, each drawn in turn from the set, with one kept-alive connection
 * per session: the members' requests interleave as the cycle has them.
 */
function clientOf(origin: string, requests: Sent[]) {
  const clients = new Map<string, ReturnType<typeof leanClient>>();
  const get = ({ path, cookie }: Sent) => {
    let client = clients.get(cookie);
    if (!client) clients.set(cookie, (client = leanClient(origin, { Cookie: cookie })));
    return client(path);
  };
  const next = cycle(requests);
  const durations: number[] = [];
  return {
    async warm() {
      // Untimed, and tried twice: the spec's way runs for seconds between cases, long enough for the
      // server to close the idle keep-alive connection this request would otherwise reuse.
      await get(requests[0]!).catch(() => get(requests[0]!));
      // Steady state, as a running host is: the code this case reaches is compiled before it is timed.
      const warm = performance.now() + WARM_UP_SECONDS * 1000;
      while (performance.now() < warm) await get(next());
    },
    async timed() {
      const request = next();
      const start = performance.now();
      const { status, text } = await get(request);
      durations.push(performance.now() - start);
      if (status !== 200) throw new Error(`${request.path}: ${status} ${text}`);
    },
    figures: () => ({ runs: durations.length, p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) }),
  };
}

/**
 * One request at a time, to each client in turns of TURN_MS, for LATENCY_SECONDS per client: clients
 * of hosts over tables of different sizes share every slow moment of this machine, so their p50s
 * compare. A turn is long enough for a host to be timed warm: a request to each host in turn cost
 * both twice what a run of requests to one does, which would flatten any growth between them.
 */
async function inTurns(clients: ReturnType<typeof clientOf>[]) {
  for (const client of clients) await client.warm();
  const until = performance.now() + LATENCY_SECONDS * 1000 * clients.length;
  while (performance.now() < until) {
    for (const client of clients) {
      const turnEnds = performance.now() + TURN_MS;
      while (performance.now() < turnEnds) await client.timed();
    }
  }
  return clients.map((client) => client.figures());
}

async function oneClient(origin: string, requests: Sent[]) {
  return (await inTurns([clientOf(origin, requests)]))[0]!;
}

async function tenClients(origin: string, requests: Sent[]) {
  const load = (duration: number) => {
    const next = cycle(requests);
    return autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (request) => {
            const { path, cookie } = next();
            return { ...request, path, headers: { ...request.headers, Cookie: cookie } };
          },
        },
      ],
    });
  };
  // The one client's warm-up reached one serving process (the host hands each connection to one);
  // ten connections reach them all, so every process is compiled before the load is timed.
  await load(WARM_UP_SECONDS);
  const result = await load(LOAD_SECONDS);
  return { reqPerSec: result.requests.average, failures: result.non2xx + result.errors + result.timeouts };
}

/** The app's answers over HTTP to each input that starts at the first page, beside the spec's. */
async function specWay(db: Db, origin: string, cookie: string) {
  const get = leanClient(origin, { Cookie: cookie });
  const readAll = () => db.select().from(projects).orderBy(desc(projects.createdAt), desc(projects.id));
  return async (c: Case, calls: Call[]) => {
    const { specWay: way, agrees } = c;
    if (!way || !agrees) return null;
    const firstPages = calls.map((call) => call.input).filter((input) => !input?.cursor);
    const durations: number[] = [];
    let all: Project[] = [];
    for (let i = 0; i < SPEC_RUNS; i++) {
      const start = performance.now();
      all = await readAll();
      way(all, firstPages[0]);
      durations.push(performance.now() - start);
    }
    let sameAnswer = true;
    for (const input of firstPages) {
      const { text } = await get(path(c, input));
      const app = (JSON.parse(text) as { result: { data: { json: unknown } } }).result.data.json;
      sameAnswer &&= agrees(app, way(all, input));
    }
    return { p50Ms: percentile(durations, 50), sameAnswer };
  };
}

/**
 * The raw SQL floor (`sqlFloor` in lib.ts) of a sample of the case's inputs: the statements the
 * procedure runs for each, timed on the bare SQLite driver. Gives the median and the slowest over
 * the sampled inputs.
 */
function caseFloor(file: string) {
  const floorOf = sqlFloor(file, FLOOR_RUNS);
  return async (c: Case, calls: Call[]) => {
    const totals: number[] = [];
    let statements = 0;
    for (const call of sampled(calls)) {
      const floor = await floorOf((db) => c.run(db, call));
      statements = floor.statements;
      totals.push(floor.ms);
    }
    return { statements, p50Ms: percentile(totals, 50), maxMs: Math.max(...totals) };
  };
}

/** Up to FLOOR_INPUTS of a case's inputs, spread over its set. */
function sampled(calls: Call[]) {
  const step = Math.max(1, calls.length / FLOOR_INPUTS);
  const picked: Call[] = [];
  for (let i = 0; i < calls.length; i += step) picked.push(calls[Math.floor(i)]!);
  return picked;
}

/**
 * Each case's floor at both sizes again, an input at one size then an input at the other, so that
 * a slow minute of this machine falls on both: each size's own table times its floors minutes
 * apart from the other's, and the same statements read up to twice as slow from one to the next.
 */
async function floorsInTurns(small: Measured, large: Measured) {
  const sizes = [small, large].map((m) => ({ floorOf: sqlFloor(m.file, FLOOR_RUNS), calls: m.calls }));
  const floors = new Map<string, { small: number; large: number }>();
  for (const c of cases) {
    const sets = sizes.map(({ calls }) => sampled(calls.get(c)!));
    const totals: [number[], number[]] = [[], []];
    for (let i = 0; i < Math.max(sets[0]!.length, sets[1]!.length); i++) {
      for (const [k, { floorOf }] of sizes.entries()) {
        const call = sets[k]![i];
        if (call) totals[k]!.push((await floorOf((db) => c.run(db, call))).ms);
      }
    }
    floors.set(c.name, { small: percentile(totals[0], 50), large: percentile(totals[1], 50) });
  }
  return floors;
}

/** What any request costs on this host, for scale: no session, then a session check and nothing else. */
const BASELINES = [
  { name: "baseline: GET /api/health", path: "/api/health" },
  { name: "baseline: auth.me (session check only)", path: "/api/trpc/auth.me" },
];

/** The Node host over a kept database, its sign-in limits out of the bench's way. */
const hostOver = (file: string) =>
  startHost({
    env: {
      LIBSQL_URL: `file:${file}`,
      RATE_LIMIT_SIGNUP_PER_IP: "1000000",
      RATE_LIMIT_SIGNIN_PER_EMAIL: "1000000",
      RATE_LIMIT_SIGNIN_PER_IP: "1000000",
    },
  });
const sent = (c: Case, call: Call): Sent => ({ path: path(c, call.input), cookie: call.as.cookie });

async function measure(size: Size) {
  const file = seededDatabase(size);
  const app = await hostOver(file);
  const db = createNodeDb({ url: `file:${file}` });
  const results = [];
  const baselines = [];
  const calls = new Map<Case, Call[]>();
  try {
    const bench = await signedInMember(app.url, file);
    const many = await signedInViewers(app.url, file);
    for (const { name, path } of BASELINES) {
      const requests = [{ path, cookie: bench.cookie }];
      const single = await oneClient(app.url, requests);
      baselines.push({ name, p50Ms: single.p50Ms, p99Ms: single.p99Ms, ...(await tenClients(app.url, requests)) });
    }
    console.log(`Finding each case's inputs at ${size.label} ...`);
    for (const c of cases) calls.set(c, await c.calls(db, { bench, many }));
    // Steady state for every case before any is timed, as a host that has run a while is: the first
    // cases were otherwise timed while the host was still compiling the code they all share.
    for (const c of cases) await oneClient(app.url, [sent(c, calls.get(c)![0]!)]);
    // The spec's way reads every project into memory: at the marketing scale only.
    const spec = size === SIZES[0] ? await specWay(db, app.url, bench.cookie) : null;
    const floor = caseFloor(file);
    for (const c of cases) {
      const set = calls.get(c)!;
      const requests = shuffled(set.map((call) => sent(c, call)));
      const single = await oneClient(app.url, requests);
      const load = await tenClients(app.url, requests);
      const sql = await floor(c, set);
      const baseline = spec ? await spec(c, set) : null;
      results.push({
        name: c.name,
        target: c.target,
        discovery: isDiscovery(c),
        inputs: set.length,
        single,
        load,
        sqlFloorP50Ms: sql.p50Ms,
        sqlFloorMaxMs: sql.maxMs,
        sqlStatements: sql.statements,
        overFloor: single.p50Ms / sql.p50Ms,
        specWayP50Ms: baseline?.p50Ms ?? null,
        ratio: baseline ? baseline.p50Ms / single.p50Ms : null,
        sameAnswer: baseline?.sameAnswer ?? null,
      });
    }
  } finally {
    db.$client.close();
    await app.stop();
  }
  return { size, results, baselines, file, calls };
}

type Measured = Awaited<ReturnType<typeof measure>>;

function verdicts({ results }: Measured) {
  return results.map((r) => {
    const misses = [];
    const p99Target =
      r.name === "dashboard figures" ? TARGETS.dashboardP99Ms : r.discovery ? TARGETS.discoveryP99Ms : TARGETS.p99Ms;
    if (r.single.p99Ms > p99Target) misses.push(`p99 > ${p99Target} ms`);
    if (r.target === "latency+throughput" && r.load.reqPerSec < TARGETS.firstPageReqPerSec) {
      misses.push(`< ${TARGETS.firstPageReqPerSec} req/s`);
    }
    if (r.target === "latency+ratio" && r.ratio !== null && r.ratio < TARGETS.ratio) {
      misses.push(`< ${TARGETS.ratio}x the spec's way`);
    }
    if (r.sameAnswer === false) misses.push("answer differs");
    if (r.load.failures) misses.push(`${r.load.failures} failed requests`);
    return misses;
  });
}

function printSize(measured: Measured, misses: string[][]) {
  const { size, results, baselines } = measured;
  printTable(
    `Projects at ${size.label} projects: HTTP through the Node host (1 client for ${LATENCY_SECONDS} s; ${CONNECTIONS} clients for ${LOAD_SECONDS} s), each request's input drawn from the case's set, vs the raw SQL floor (the same statements on the bare driver, p50 of ${FLOOR_RUNS}, median and slowest over up to ${FLOOR_INPUTS} of the inputs)${size === SIZES[0] ? ` and the spec's way (read all, filter in JS; p50 of ${SPEC_RUNS})` : ""}`,
    results.map((r, i) => ({
      query: r.name,
      inputs: r.inputs,
      "p50 ms": fixed(r.single.p50Ms, 2),
      "p99 ms": fixed(r.single.p99Ms, 2),
      [`req/s (${CONNECTIONS})`]: fixed(r.load.reqPerSec, 0),
      "SQL floor ms": fixed(r.sqlFloorP50Ms, 3),
      "slowest floor ms": fixed(r.sqlFloorMaxMs, 3),
      "app / floor": `${fixed(r.overFloor, 1)}x`,
      ...(r.ratio === null
        ? {}
        : {
            "spec's way ms": fixed(r.specWayP50Ms!, 0),
            "spec / app": `${fixed(r.ratio, 0)}x`,
            "same answer": r.sameAnswer ? "yes" : "NO",
          }),
      targets: misses[i]!.length ? misses[i]!.join(", ") : "met",
    })),
  );
  printTable(
    `Baselines on the same host, ${size.label}`,
    baselines.map((b) => ({
      query: b.name,
      "p50 ms": fixed(b.p50Ms, 2),
      "p99 ms": fixed(b.p99Ms, 2),
      [`req/s (${CONNECTIONS})`]: fixed(b.reqPerSec, 0),
    })),
  );
}

/**
 * Each case over HTTP at both sizes again, in turns at each size's host:
 * each size's own table times its requests minutes apart from the other's, and the same requests
 * answer up to half as fast again from one minute to the next on this machine.
 */
async function latencyInTurns(small: Measured, large: Measured) {
  const apps = [await hostOver(small.file), await hostOver(large.file)];
  const latencies = new Map<string, { small: Latency; large: Latency }>();
  try {
    for (const c of cases) {
      const [atSmall, atLarge] = await inTurns(
        [small, large].map((m, k) => clientOf(apps[k]!.url, shuffled(m.calls.get(c)!.map((call) => sent(c, call))))),
      );
      latencies.set(c.name, { small: atSmall!, large: atLarge! });
    }
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
  return latencies;
}
type Latency = ReturnType<ReturnType<typeof clientOf>["figures"]>;

/**
 * How each query's cost grew with the table: the larger size's p50 over the smaller's, over HTTP and
 * for the SQL floor, each timed in turns at the two sizes.
 */
async function growth(small: Measured, large: Measured) {
  const latencies = await latencyInTurns(small, large);
  const floors = await floorsInTurns(small, large);
  return small.results.map(({ name }) => {
    const latency = latencies.get(name)!;
    const http = latency.large.p50Ms / latency.small.p50Ms;
    const floorMs = floors.get(name)!;
    const floor = floorMs.large / floorMs.small;
    return {
      name,
      latency,
      http,
      floorMs,
      floor,
      misses: [
        http > TARGETS.growth && `${large.size.label} / ${small.size.label} > ${TARGETS.growth}`,
        floor > TARGETS.growth &&
          floorMs.large - floorMs.small > FLOOR_JITTER_MS &&
          `floor ${large.size.label} / ${small.size.label} > ${TARGETS.growth}`,
      ].filter((miss): miss is string => Boolean(miss)),
    };
  });
}

const measured: Measured[] = [];
for (const size of scale ? SIZES : SIZES.slice(0, 1)) measured.push(await measure(size));

const misses = measured.map(verdicts);
measured.forEach((m, i) => printSize(m, misses[i]!));
const grown = measured.length === 2 ? await growth(measured[0]!, measured[1]!) : [];
if (grown.length) {
  const [small, large] = [measured[0]!.size.label, measured[1]!.size.label];
  printTable(
    `Side by side: ${small} and ${large} projects (one client, timed again in turns of ${TURN_MS} ms at each size's host; growth is the ${large} p50 over the ${small} p50; the floors timed in turns too, an input at each size)`,
    grown.map((g) => ({
      query: g.name,
      [`${small} p50 ms`]: fixed(g.latency.small.p50Ms, 2),
      [`${small} p99 ms`]: fixed(g.latency.small.p99Ms, 2),
      [`${large} p50 ms`]: fixed(g.latency.large.p50Ms, 2),
      [`${large} p99 ms`]: fixed(g.latency.large.p99Ms, 2),
      growth: `${fixed(g.http, 2)}x`,
      [`${small} floor ms`]: fixed(g.floorMs.small, 3),
      [`${large} floor ms`]: fixed(g.floorMs.large, 3),
      "floor growth": `${fixed(g.floor, 2)}x`,
      targets: g.misses.length ? g.misses.join(", ") : "met",
    })),
  );
}
console.log(
  `\nTargets: p99 ≤ ${TARGETS.p99Ms} ms with one client for every list and search, ≤ ${TARGETS.dashboardP99Ms} ms for the dashboard figures, ≤ ${TARGETS.discoveryP99Ms} ms for Find People and the suggestions, at every size; ≥ ${TARGETS.firstPageReqPerSec} req/s for the newest projects with ${CONNECTIONS} clients; ≥ ${TARGETS.ratio}x the spec's way for search and the dashboard${scale ? `; p50 at ${SIZES[1]!.label} ≤ ${TARGETS.growth}x its p50 at ${SIZES[0]!.label} for every query, and its SQL floor too (when it grew by more than ${FLOOR_JITTER_MS} ms)` : ""}.`,
);
writeResults("projects", {
  targets: TARGETS,
  sizes: measured.map(({ size, results, baselines }) => ({ ...size, results, baselines })),
  growth: grown.map(({ name, http, floor }) => ({ name, http, floor })),
});

if ([...misses.flat(), ...grown.map((g) => g.misses)].some((m) => m.length)) process.exit(1);
