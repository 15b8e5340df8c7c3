/**
 * The rooms' Miniflare options, as wrangler reads them from a wrangler.toml (compatibility date and
 * flags, Durable Object bindings). Loading wrangler costs about 2 s of CPU, at every start of the
 * rooms, and tests start them dozens of times; its answer depends on nothing but the file and
 * wrangler's version, so it is kept in node_modules/.cache under a name made of both.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { unstable_getMiniflareWorkerOptions } from "wrangler";

type WorkerOptions = ReturnType<typeof unstable_getMiniflareWorkerOptions>["workerOptions"];

const CACHE = fileURLToPath(new URL("../node_modules/.cache/crewboard", import.meta.url));

export async function workerOptionsOf(config: string): Promise<WorkerOptions> {
  const wranglerPackage = createRequire(import.meta.url).resolve("wrangler/package.json");
  const key = createHash("sha256").update(readFileSync(config)).update(readFileSync(wranglerPackage)).digest("hex");
  const file = join(CACHE, `rooms-options-${key.slice(0, 16)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as WorkerOptions;

  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(workerOptions));
  renameSync(partial, file);
  return workerOptions;
}
