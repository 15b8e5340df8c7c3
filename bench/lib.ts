import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The tsx that `npm start` runs, without npx in between so one signal reaches the whole host. */
export const TSX = join(ROOT, "node_modules/.bin/tsx");

/** Nearest-rank percentile: with few samples, p99 is simply the slowest one. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs `fn` one call at a time and returns each call's duration in milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>) {
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return durations;
}

export const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** Prints rows as an aligned table: the first column left-aligned, the figures right-aligned. */
export function printTable(title: string, rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((c) => String(row[c] ?? "")))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const format = (line: string[]) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}\n${format(columns)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const line of cells.slice(1)) console.log(format(line));
}

/** Keeps a run's figures in `.bench/<name>.json`, with the machine they were measured on. */
export function writeResults(name: string, figures: object) {
  const dir = join(ROOT, ".bench");
  mkdirSync(dir, { recursive: true });
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version };
  const file = join(dir, `${name}.json`);
  const record = { name, measuredAt: new Date().toISOString(), machine, ...figures };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`\nFigures written to ${file}`);
}

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Starts the Node host as `npm start` does, on a fresh database in a temporary directory and a
 * free port, without the chat rooms; resolves once it answers health.
 */
export async function startApp(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "crewboard-bench-"));
  // Its own process group, so stopping it also stops the node process tsx starts.
  const host = spawn(TSX, ["worker/local.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, START_PARTY: "0" },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  host.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk).slice(-4000)));
  const exited = once(host, "exit");
  const origin = `http://127.0.0.1:${port}`;

  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-host.pid!, name);
    } catch {
      // Already gone.
    }
  };
  async function stop() {
    if (host.exitCode === null && host.signalCode === null) {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (host.exitCode !== null || host.signalCode !== null) break;
    const healthy = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The app did not start on ${origin}:\n${stderr}`);
}
