/**
 * The serving processes' code as one file. The host starts one serving process per core (four in
 * the concurrency tests), and each compiled its ~300 TypeScript modules through tsx on its own:
 * about 3.5 s of CPU apiece, at every start. esbuild bundles worker/local-server.ts once instead, in
 * a fraction of a second, from the source as it is at this start (so never a stale build), and each
 * process loads the bundle in under a second.
 *
 * Packages stay outside the bundle (libSQL's engine is native code), so the file goes where Node
 * finds them: node_modules/.cache, the place packages keep caches. It is named by its content, so
 * hosts started side by side share one file and none overwrites a file another is loading.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CACHE = resolve(ROOT, "node_modules/.cache/crewboard");
/** Bundles of older source are left a day, for a host of then that starts a serving process again. */
const KEEP_OLD_MS = 24 * 60 * 60 * 1000;

/** Writes the bundle (when this source has none yet) and returns its path. */
export async function bundleServingProcess(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(ROOT, "worker/local-server.ts")],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Errors the processes log point into the TypeScript source (Node reads it with --enable-source-maps).
    sourcemap: "inline",
    write: false,
    logLevel: "warning",
  });
  const code = result.outputFiles[0]!.contents;
  const name = `server-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`;
  const file = join(CACHE, name);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  pruneOld(name);
  return file;
}

function pruneOld(current: string) {
  const now = Date.now();
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    // Another host may be pruning too: a file gone meanwhile is simply skipped.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (name.startsWith("server-") && name !== current && stat && now - stat.mtimeMs > KEEP_OLD_MS)
      rmSync(path, { force: true });
  }
}
