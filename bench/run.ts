/**
 * Runs every benchmark in this folder, each in its own process so one cannot warm or slow the
 * next. `npm run bench -- auth` runs only the named ones; options (`--scale`) go to each of them.
 * The app is built first; `PREBUILT=1` uses the build already in `dist/`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, TSX } from "./lib";

const HELPERS = new Set(["run", "lib", "send-steps"]);
const args = process.argv.slice(2);
const only = args.filter((arg) => !arg.startsWith("--"));
const options = args.filter((arg) => arg.startsWith("--"));

const names = readdirSync(join(ROOT, "bench"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -".ts".length))
  .filter((name) => !HELPERS.has(name) && (only.length === 0 || only.includes(name)))
  .sort();

const unknown = only.filter((name) => !names.includes(name));
if (unknown.length) {
  console.error(`No such benchmark: ${unknown.join(", ")}`);
  process.exit(1);
}

// The benchmarks serve the built app (`testing/host.ts`), so a fresh clone builds it first, once.
if (!process.env.PREBUILT) {
  console.log("\n=== npm run build");
  const { status } = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

const failed: string[] = [];
for (const name of names) {
  console.log(`\n=== bench/${name}.ts`);
  const { status, error } = spawnSync(TSX, [join("bench", `${name}.ts`), ...options], { cwd: ROOT, stdio: "inherit" });
  if (status !== 0 || error) failed.push(name);
}

if (failed.length) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nAll ${names.length} benchmark(s) passed.`);
