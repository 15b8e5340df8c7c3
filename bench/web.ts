/**
 * What each page costs a first-time visitor in JavaScript: the app is built and started as
 * `npm start` does, Chromium opens /, /pricing and (signed in) /dashboard with an empty cache, and
 * every script it downloads until the page shows its heading is gzipped and summed; what it fetches
 * later, once settled, is reported beside it. The baseline, from the same build, is all of the
 * app's JavaScript: the ratio says how much of it a page needs. Target: the landing page under 150 KB.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { fixed, printTable, ROOT, startHost, writeResults } from "./lib";

const LANDING_BUDGET_KB = 150;
const PAGES = [
  { path: "/", heading: "Elevate Your Project Collaboration", signedIn: false },
  { path: "/pricing", heading: "Pricing", signedIn: false },
  { path: "/dashboard", heading: null, signedIn: true },
] as const;

/** Longer than the app waits before fetching code it keeps for later. */
const SETTLED_WAIT_MS = 5000;

interface Script {
  file: string;
  bytes: number;
  /** Fetched before the page showed its heading, rather than after it had settled. */
  firstLoad: boolean;
}

const kb = (bytes: number) => bytes / 1024;
const gzipped = (body: Buffer) => gzipSync(body, { level: 9 }).length;

function build(outDir: string) {
  const vite = join(ROOT, "node_modules/.bin/vite");
  const { status } = spawnSync(vite, ["build", "--outDir", outDir, "--emptyOutDir"], { cwd: ROOT, stdio: "ignore" });
  if (status !== 0) throw new Error("vite build failed");
}

function wholeAppJs(outDir: string) {
  const assets = join(outDir, "assets");
  const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
  return { files: scripts.length, bytes: scripts.reduce((sum, file) => sum + gzipped(readFileSync(join(assets, file))), 0) };
}

async function firstVisit(browser: Browser, origin: string, page: (typeof PAGES)[number]) {
  const context = await browser.newContext({ baseURL: origin });
  try {
    if (page.signedIn) {
      const signUp = await context.request.post("/api/trpc/auth.signUp", {
        headers: { Origin: origin, "Content-Type": "application/json" },
        data: { json: { displayName: "Bench Visitor", email: "bench-web@example.com", password: "correct horse" } },
      });
      if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
    }
    const tab = await context.newPage();
    const scripts: Promise<Script>[] = [];
    let ready = false;
    tab.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const file = new URL(response.url()).pathname;
      const firstLoad = !ready;
      scripts.push(response.body().then((body) => ({ file, bytes: gzipped(body), firstLoad })));
    });
    await tab.goto(page.path, { waitUntil: "networkidle" });
    if (page.heading) await tab.getByRole("heading", { level: 1, name: page.heading }).waitFor();
    if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.path} ended on ${tab.url()}`);
    ready = true;
    // What the page fetches once it has settled (e.g. code kept for when the network drops).
    await tab.waitForTimeout(SETTLED_WAIT_MS);
    await tab.waitForLoadState("networkidle");
    const files = await Promise.all(scripts);
    const sum = (list: Script[]) => list.reduce((total, { bytes }) => total + bytes, 0);
    const first = files.filter((script) => script.firstLoad);
    return { scripts: first.length, bytes: sum(first), laterBytes: sum(files.filter((script) => !script.firstLoad)), files };
  } finally {
    await context.close();
  }
}

const outDir = mkdtempSync(join(tmpdir(), "crewboard-bench-web-"));
try {
  build(outDir);
  const app = wholeAppJs(outDir);
  const server = await startHost({ env: { DIST_DIR: outDir } });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const visits = [];
    for (const page of PAGES) visits.push({ path: page.path, ...(await firstVisit(browser, server.url, page)) });
    const landing = visits[0]!;
    printTable("First-visit JavaScript (gzip, empty cache)", [
      ...visits.map((visit) => ({
        page: visit.path + (visit.path === "/dashboard" ? " (signed in)" : ""),
        scripts: visit.scripts,
        "first load KB gzip": fixed(kb(visit.bytes)),
        "of whole app": `${fixed((visit.bytes / app.bytes) * 100)}%`,
        "later, once settled KB": fixed(kb(visit.laterBytes)),
      })),
      { page: "baseline: the whole app", scripts: app.files, "first load KB gzip": fixed(kb(app.bytes)), "of whole app": "100.0%" },
      { page: "landing budget", "first load KB gzip": `< ${LANDING_BUDGET_KB}` },
    ]);
    const withinBudget = kb(landing.bytes) < LANDING_BUDGET_KB;
    writeResults("web", {
      landingBudgetKb: LANDING_BUDGET_KB,
      withinBudget,
      wholeAppKb: kb(app.bytes),
      pages: visits.map((visit) => ({
        ...visit,
        kb: kb(visit.bytes),
        laterKb: kb(visit.laterBytes),
        ratioToWholeApp: visit.bytes / app.bytes,
      })),
    });
    if (!withinBudget) {
      console.error(`\nThe landing page loads ${fixed(kb(landing.bytes))} KB of JavaScript: over the ${LANDING_BUDGET_KB} KB budget.`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
