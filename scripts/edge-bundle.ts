/**
 * The Worker exactly as `wrangler deploy` would upload it, built offline by `wrangler deploy --dry-run`
 * into `.build/worker/`, and its size. `npm run deploy` builds it and holds it to the budget; the
 * edge check reads that same bundle when CI has built it (`PREBUILT=1`); `bench/web.ts` prints it.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Where the bundle stays after a build, for the stages of the same run that need it. */
export const WORKER_BUNDLE_DIR = join(ROOT, ".build/worker");

/**
 * Our budget, well inside Cloudflare's limits (3 MB compressed on the free plan, 10 MB paid): a
 * Worker's startup (parse and compile, at most 1 s) grows with its size, and every cold isolate pays it.
 */
export const WORKER_GZIP_BUDGET_BYTES = 1_000_000;

export interface WorkerBundle {
  /** Every module wrangler would upload (the entry and any it split off), source maps left out. */
  rawBytes: number;
  /** The same, gzipped: what Cloudflare's size limit counts. */
  gzipBytes: number;
  /** The entry module's code. */
  entry: string;
}

/** Wrangler would bake the caller's NODE_ENV (vitest's "test") into the bundle; a deploy has none. */
export function wranglerEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _caller, ...env } = process.env;
  return { ...env, WRANGLER_SEND_METRICS: "false" };
}

/**
 * Bundles the Worker from wrangler.toml into `outdir`. `assets` is the SPA folder to deploy beside
 * it; without one a placeholder page stands in, since the Worker's size does not depend on the SPA.
 */
export async function buildWorkerBundle(options: { assets?: string; outdir?: string } = {}): Promise<WorkerBundle> {
  const outdir = options.outdir ?? WORKER_BUNDLE_DIR;
  const work = await mkdtemp(join(tmpdir(), "crewboard-bundle-"));
  try {
    let assets = options.assets;
    if (!assets) {
      assets = join(work, "assets");
      await mkdir(assets);
      await writeFile(join(assets, "index.html"), "<!doctype html><title>Crewboard</title>\n");
    }
    await rm(outdir, { recursive: true, force: true });
    const wrangler = join(ROOT, "node_modules/.bin/wrangler");
    await promisify(execFile)(wrangler, ["deploy", "--dry-run", "--outdir", outdir, "--assets", assets], {
      cwd: ROOT,
      env: wranglerEnv(),
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return readWorkerBundle(outdir);
}

/** A bundle already built into `outdir`, measured. */
export async function readWorkerBundle(outdir = WORKER_BUNDLE_DIR): Promise<WorkerBundle> {
  const modules = (await readdir(outdir)).filter((file) => [".js", ".mjs", ".wasm"].includes(extname(file)));
  const contents = await Promise.all(modules.map((file) => readFile(join(outdir, file))));
  return {
    rawBytes: contents.reduce((sum, body) => sum + body.length, 0),
    gzipBytes: contents.reduce((sum, body) => sum + gzipSync(body).length, 0),
    entry: await readFile(join(outdir, "index.js"), "utf8"),
  };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
