import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Every test layer's global setup: the run's temporary files (databases, hosts' data folders,
 * Chromium profiles, bundles) go under one folder of this run's own, removed when the run ends, so a
 * machine that runs the tests all day keeps a clean /tmp. Tests keep calling `tmpdir()`: workers and
 * the processes they start inherit TMPDIR. Vitest runs this once per project; the first makes the
 * folder and the rest find it in the environment.
 */
export default function setup(): (() => void) | undefined {
  if (process.env.CREWBOARD_TEST_TMPDIR) return undefined;
  const root = mkdtempSync(join(tmpdir(), "crewboard-run-"));
  process.env.CREWBOARD_TEST_TMPDIR = root;
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
