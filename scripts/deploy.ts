/**
 * `npm run deploy`: every step of a deployment that needs no human (docs/DEPLOY.md has the ones
 * that do). Builds the SPA, bundles the Worker and holds it to its size budget, applies the
 * database migrations to Turso, then `wrangler deploy` ships the Worker, the SPA and the rooms'
 * Durable Object migrations together, on the host of APP_URL.
 *
 * `npm run deploy -- --dry-run` stops after the bundle: offline, no account, what CI runs.
 *
 * Environment for a real deploy: APP_URL (the public origin), LIBSQL_URL and LIBSQL_AUTH_TOKEN
 * (the same database the Worker's secrets name), and wrangler's own login or CLOUDFLARE_API_TOKEN.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildWorkerBundle, kib, WORKER_GZIP_BUDGET_BYTES, wranglerEnv } from "./edge-bundle";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dryRun = process.argv.includes("--dry-run");

function fail(message: string): never {
  console.error(`\nDeploy stopped: ${message}`);
  process.exit(1);
}

function run(what: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n==> ${what}`);
  const { status, error } = spawnSync(join(ROOT, "node_modules/.bin", command), args, {
    cwd: ROOT,
    env,
    stdio: "inherit",
  });
  if (error || status !== 0) fail(`${what} failed`);
}

/** The public origin, checked before anything is built: a deploy without it would mail dead links. */
function appUrl() {
  const value = process.env.APP_URL;
  if (!value) fail("set APP_URL to the app's public origin, e.g. APP_URL=https://crewboard.example.com");
  if (!URL.canParse(value) || new URL(value).protocol !== "https:") fail(`APP_URL must be an https origin: ${value}`);
  return new URL(value).origin;
}

const target = dryRun ? null : appUrl();
if (!dryRun && (!process.env.LIBSQL_URL || !process.env.LIBSQL_AUTH_TOKEN)) {
  fail("set LIBSQL_URL and LIBSQL_AUTH_TOKEN (the Turso database) so its migrations can be applied");
}

run("Building the SPA (vite build)", "vite", ["build"]);

console.log("\n==> Bundling the Worker (wrangler deploy --dry-run)");
const bundle = await buildWorkerBundle({ assets: join(ROOT, "dist") });
console.log(`worker bundle: ${kib(bundle.rawBytes)} raw, ${kib(bundle.gzipBytes)} gzip`);
if (bundle.gzipBytes >= WORKER_GZIP_BUDGET_BYTES) {
  fail(`the Worker is ${kib(bundle.gzipBytes)} gzipped, over its budget of ${kib(WORKER_GZIP_BUDGET_BYTES)}`);
}

if (!target) {
  console.log("\nDry run: the SPA builds and the Worker bundles within budget. Nothing was migrated or uploaded.");
  process.exit(0);
}

// Before the new code goes live: migrations only ever add, so the running version keeps working.
run("Applying database migrations (drizzle-kit migrate)", "drizzle-kit", ["migrate"]);

const host = new URL(target).hostname;
const domain = host.endsWith(".workers.dev") ? [] : ["--domain", host];
run("Deploying (wrangler deploy)", "wrangler", ["deploy", "--var", `APP_URL:${target}`, ...domain], wranglerEnv());
console.log(`\nDeployed. Check it: curl ${target}/api/health`);
