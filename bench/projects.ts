/**
 * Browsing projects at the spec's marketing scale (10K members, 50K projects), through HTTP
 * against the real Node host: latency with one client, requests/s with ten, for the first page,
 * a category+status filter, a common and a rare one-word search, and the dashboard figures.
 * Beside each, two yardsticks measured in the same run: the raw SQL floor (the very statements the
 * procedure runs, captured from it and timed on the bare SQLite driver: what the request machinery
 * adds is the ratio between the two), and the spec's way of getting the same answer (read every
 * project newest first, then filter and count in JavaScript), in-process (no HTTP, which only
 * flatters it), and checked to give the same answer. Exits non-zero when a target is missed.
 *
 * Seeds a fresh database (~20 s) unless BENCH_PROJECTS_DB names an already seeded app.db.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import autocannon from "autocannon";
import { desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import Database from "libsql";
import { createNodeDb } from "../db/local";
import { DASHBOARD_CATEGORIES, PROJECTS_PAGE_SIZE } from "../core/project-rules";
import * as schema from "../db/schema";
import { projects, type Project } from "../db/schema";
import { listProjects, type ListFilter } from "../worker/projects/listing";
import { dashboardStats } from "../worker/projects/stats";
import { fixed, leanClient, percentile, printTable, ROOT, startHost, TSX, writeResults } from "./lib";

const MEMBERS = 10_000;
const PROJECTS = 50_000;
/** One client, one request at a time, for this long per case, after as long again to warm up. */
const LATENCY_SECONDS = 3;
const WARM_UP_SECONDS = 1;
const LOAD_SECONDS = 3;
const CONNECTIONS = 10;
const SPEC_RUNS = 3;
/** A word no seeded project uses; the bench publishes a few projects that do. */
const RARE_WORD = "quetzalcoatl";
const COMMON_WORD = "looking";
/** Runs of each captured statement on the bare driver; the floor is their median. */
const FLOOR_RUNS = 500;
const TARGETS = { p99Ms: 6, dashboardP99Ms: 5, firstPageReqPerSec: 2000, ratio: 20 };

function seededDatabase() {
  const given = process.env.BENCH_PROJECTS_DB;
  if (given) {
    if (!existsSync(given)) throw new Error(`BENCH_PROJECTS_DB=${given} does not exist`);
    return { file: given, cleanup: () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "crewboard-bench-projects-"));
  console.log(`Seeding ${MEMBERS} members and ${PROJECTS} projects into ${dir} ...`);
  const seeded = spawnSync(TSX, ["worker/seed.ts", "--members", String(MEMBERS), "--projects", String(PROJECTS)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, LIBSQL_URL: "" },
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error("Seeding failed");
  return { file: join(dir, "app.db"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

type Input = Record<string, unknown> | undefined;
interface Case {
  name: string;
  procedure: "projects.list" | "projects.stats";
  input: Input;
  /** The spec's way: the same answer from every project, newest first. */
  specWay: (all: Project[]) => unknown;
  /** Whether the app's answer agrees with the spec's. */
  agrees: (app: unknown, spec: unknown) => boolean;
  target: "latency" | "latency+throughput" | "latency+ratio";
}

const pageIds = (app: unknown) => (app as { items: { id: string }[] }).items.map((p) => p.id);
const samePage = (app: unknown, spec: unknown) =>
  JSON.stringify(pageIds(app)) === JSON.stringify((spec as Project[]).map((p) => p.id));
const includesWord = (word: string) => (p: Project) =>
  [p.title, p.description, ...p.techStack].some((text) => text.toLowerCase().includes(word));
/** A search page lists matches by insertion order, so every id on it must be among the spec's matches. */
const withinMatches = (app: unknown, spec: unknown) => {
  const ids = new Set((spec as Project[]).map((p) => p.id));
  const page = pageIds(app);
  return page.length === Math.min(PROJECTS_PAGE_SIZE, ids.size) && page.every((id) => ids.has(id));
};

const cases: Case[] = [
  {
    name: "first page, newest first",
    procedure: "projects.list",
    input: {},
    specWay: (all) => all.slice(0, PROJECTS_PAGE_SIZE),
    agrees: samePage,
    target: "latency+throughput",
  },
  {
    name: "category + status (Web Development, open)",
    procedure: "projects.list",
    input: { category: "Web Development", status: "open" },
    specWay: (all) =>
      all.filter((p) => p.category === "Web Development" && p.status === "open").slice(0, PROJECTS_PAGE_SIZE),
    agrees: samePage,
    target: "latency",
  },
  {
    name: "category alone (a dashboard card's link)",
    procedure: "projects.list",
    input: { category: "Data Science" },
    specWay: (all) => all.filter((p) => p.category === "Data Science").slice(0, PROJECTS_PAGE_SIZE),
    agrees: samePage,
    target: "latency",
  },
  {
    name: `search, common word '${COMMON_WORD}'`,
    procedure: "projects.list",
    input: { search: COMMON_WORD },
    specWay: (all) => all.filter(includesWord(COMMON_WORD)),
    agrees: withinMatches,
    target: "latency+ratio",
  },
  {
    name: `search, rare word '${RARE_WORD}'`,
    procedure: "projects.list",
    input: { search: RARE_WORD },
    specWay: (all) => all.filter(includesWord(RARE_WORD)),
    agrees: withinMatches,
    target: "latency+ratio",
  },
  {
    name: "dashboard figures",
    procedure: "projects.stats",
    input: undefined,
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
];

const url = (origin: string, c: Case) =>
  `${origin}/api/trpc/${c.procedure}${c.input ? `?input=${encodeURIComponent(JSON.stringify({ json: c.input }))}` : ""}`;

/** A member's session cookie, and the few projects that carry the rare word. */
async function signedInMember(origin: string) {
  const headers = { "Content-Type": "application/json", Origin: origin };
  const post = async (procedure: string, json: object, cookie = "") => {
    const response = await fetch(`${origin}/api/trpc/${procedure}`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ json }),
    });
    if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
    return response;
  };
  const email = `bench.${Date.now()}@example.com`;
  const signedUp = await post("auth.signUp", { displayName: "Bench Member", email, password: "correct horse" });
  const cookie = signedUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  for (let i = 1; i <= 3; i++) {
    await post(
      "projects.create",
      { title: `Feathered Serpent ${i}`, category: "Other", description: `Named after ${RARE_WORD}.` },
      cookie,
    );
  }
  return cookie;
}

async function oneClient(target: string, cookie: string) {
  const url = new URL(target);
  const get = leanClient(url.origin, { Cookie: cookie });
  const path = `${url.pathname}${url.search}`;
  // Untimed, and tried twice: the spec's way runs for seconds between cases, long enough for the
  // server to close the idle keep-alive connection this request would otherwise reuse.
  await get(path).catch(() => get(path));
  // Steady state, as a running host is: the code this case reaches is compiled before it is timed.
  const warm = performance.now() + WARM_UP_SECONDS * 1000;
  while (performance.now() < warm) await get(path);
  const durations: number[] = [];
  let body: unknown;
  const until = performance.now() + LATENCY_SECONDS * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    const { status, text } = await get(path);
    durations.push(performance.now() - start);
    if (status !== 200) throw new Error(`${target}: ${status} ${text}`);
    body ??= JSON.parse(text);
  }
  return { body, runs: durations.length, p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) };
}

async function tenClients(target: string, cookie: string) {
  const load = (duration: number) =>
    autocannon({ url: target, connections: CONNECTIONS, duration, headers: { Cookie: cookie } });
  // The one client's warm-up reached one serving process (the host hands each connection to one);
  // ten connections reach them all, so every process is compiled before the load is timed.
  await load(WARM_UP_SECONDS);
  const result = await load(LOAD_SECONDS);
  return { reqPerSec: result.requests.average, failures: result.non2xx + result.errors + result.timeouts };
}

function specWay(file: string) {
  const db = createNodeDb({ url: `file:${file}` });
  const readAll = () => db.select().from(projects).orderBy(desc(projects.createdAt), desc(projects.id));
  return async (c: Case) => {
    const durations: number[] = [];
    let answer: unknown;
    for (let i = 0; i < SPEC_RUNS; i++) {
      const start = performance.now();
      answer = c.specWay(await readAll());
      durations.push(performance.now() - start);
    }
    return { answer, p50Ms: percentile(durations, 50) };
  };
}

/**
 * The raw SQL floor: the statements the procedure runs for this case, captured from the app's own
 * query code, then each prepared once on the bare SQLite driver and timed alone (median of
 * FLOOR_RUNS), with no HTTP, session, tRPC, ORM or encoding around them.
 */
function sqlFloor(file: string) {
  let captured: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  const db = drizzle(createClient({ url: `file:${file}` }), { schema, logger });
  const bare = new Database(file, { readonly: true });
  return async (c: Case) => {
    captured = [];
    await (c.procedure === "projects.stats"
      ? dashboardStats(db)
      : listProjects(db, c.input as ListFilter, PROJECTS_PAGE_SIZE));
    let total = 0;
    for (const { sql, params } of captured) {
      const statement = bare.prepare(sql);
      const run = () => statement.all(...params);
      for (let i = 0; i < FLOOR_RUNS / 10; i++) run();
      const durations: number[] = [];
      for (let i = 0; i < FLOOR_RUNS; i++) {
        const start = performance.now();
        run();
        durations.push(performance.now() - start);
      }
      total += percentile(durations, 50);
    }
    return { statements: captured.length, p50Ms: total };
  };
}

/** What any request costs on this host, for scale: no session, then a session check and nothing else. */
const BASELINES = [
  { name: "baseline: GET /api/health", path: "/api/health" },
  { name: "baseline: auth.me (session check only)", path: "/api/trpc/auth.me" },
];

const database = seededDatabase();
const app = await startHost({ env: { LIBSQL_URL: `file:${database.file}`, RATE_LIMIT_SIGNUP_PER_IP: "1000000" } });
const results = [];
const baselines = [];
try {
  const cookie = await signedInMember(app.url);
  for (const { name, path } of BASELINES) {
    const single = await oneClient(`${app.url}${path}`, cookie);
    baselines.push({
      name,
      p50Ms: single.p50Ms,
      p99Ms: single.p99Ms,
      ...(await tenClients(`${app.url}${path}`, cookie)),
    });
  }
  // Steady state for every case before any is timed, as a host that has run a while is: the first
  // cases were otherwise timed while the host was still compiling the code they all share.
  for (const c of cases) await oneClient(url(app.url, c), cookie);
  const spec = specWay(database.file);
  const floor = sqlFloor(database.file);
  for (const c of cases) {
    const target = url(app.url, c);
    const single = await oneClient(target, cookie);
    const load = await tenClients(target, cookie);
    const sql = await floor(c);
    const baseline = await spec(c);
    results.push({
      name: c.name,
      target: c.target,
      single: { runs: single.runs, p50Ms: single.p50Ms, p99Ms: single.p99Ms },
      load,
      sqlFloorP50Ms: sql.p50Ms,
      sqlStatements: sql.statements,
      overFloor: single.p50Ms / sql.p50Ms,
      specWayP50Ms: baseline.p50Ms,
      ratio: baseline.p50Ms / single.p50Ms,
      sameAnswer: c.agrees((single.body as { result: { data: { json: unknown } } }).result.data.json, baseline.answer),
    });
  }
} finally {
  await app.stop();
  database.cleanup();
}

const verdicts = results.map((r) => {
  const misses = [];
  const p99Target = r.name === "dashboard figures" ? TARGETS.dashboardP99Ms : TARGETS.p99Ms;
  if (r.single.p99Ms > p99Target) misses.push(`p99 > ${p99Target} ms`);
  if (r.target === "latency+throughput" && r.load.reqPerSec < TARGETS.firstPageReqPerSec) {
    misses.push(`< ${TARGETS.firstPageReqPerSec} req/s`);
  }
  if (r.target === "latency+ratio" && r.ratio < TARGETS.ratio) misses.push(`< ${TARGETS.ratio}x the spec's way`);
  if (!r.sameAnswer) misses.push("answer differs");
  if (r.load.failures) misses.push(`${r.load.failures} failed requests`);
  return misses;
});

printTable(
  `Projects at ${PROJECTS} projects: HTTP through the Node host (1 client for ${LATENCY_SECONDS} s; ${CONNECTIONS} clients for ${LOAD_SECONDS} s) vs the raw SQL floor (the same statements on the bare driver, p50 of ${FLOOR_RUNS}) and the spec's way (read all, filter in JS; p50 of ${SPEC_RUNS})`,
  results.map((r, i) => ({
    query: r.name,
    "p50 ms": fixed(r.single.p50Ms, 2),
    "p99 ms": fixed(r.single.p99Ms, 2),
    [`req/s (${CONNECTIONS})`]: fixed(r.load.reqPerSec, 0),
    "SQL floor ms": fixed(r.sqlFloorP50Ms, 3),
    "app / floor": `${fixed(r.overFloor, 1)}x`,
    "spec's way ms": fixed(r.specWayP50Ms, 0),
    "spec / app": `${fixed(r.ratio, 0)}x`,
    "same answer": r.sameAnswer ? "yes" : "NO",
    targets: verdicts[i]!.length ? verdicts[i]!.join(", ") : "met",
  })),
);
printTable(
  "Baselines on the same host",
  baselines.map((b) => ({
    query: b.name,
    "p50 ms": fixed(b.p50Ms, 2),
    "p99 ms": fixed(b.p99Ms, 2),
    [`req/s (${CONNECTIONS})`]: fixed(b.reqPerSec, 0),
  })),
);
console.log(
  `\nTargets: p99 ≤ ${TARGETS.p99Ms} ms with one client for every list and search, ≤ ${TARGETS.dashboardP99Ms} ms for the dashboard figures; ≥ ${TARGETS.firstPageReqPerSec} req/s for the first page with ${CONNECTIONS} clients; ≥ ${TARGETS.ratio}x the spec's way for search and the dashboard.`,
);
writeResults("projects", { members: MEMBERS, projects: PROJECTS, targets: TARGETS, results, baselines });

if (verdicts.some((misses) => misses.length)) process.exit(1);
