/**
 * `npm run test:flaky`: the flake hunt. Runs the browser suite several times over one build, with one
 * core kept busy by a load generator (as CI's machine is when the other stage's work lands on it),
 * and lists every test that failed at least once, with its error. Exits non-zero when any did.
 *
 *   npm run test:flaky                         three rounds of the whole suite
 *   npm run test:flaky -- --rounds 10 web/e2e/group-calls.e2e.ts -t "three members"
 *
 * Arguments other than `--rounds N` go to vitest as they are. `--no-build` reuses dist/ as it is.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORTS = join(ROOT, ".e2e-artifacts/flaky");

interface VitestJsonReport {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

function parseArgs(argv: string[]) {
  let rounds = 3;
  let build = true;
  const vitestArgs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--rounds") rounds = Number(argv[++i]);
    else if (arg.startsWith("--rounds=")) rounds = Number(arg.slice("--rounds=".length));
    else if (arg === "--no-build") build = false;
    else vitestArgs.push(arg);
  }
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds takes a whole number of rounds, 1 or more");
  return { rounds, build, vitestArgs };
}

/** A process that keeps one core at 100% until it is killed. */
const busyCore = (): ChildProcess => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });

function runRound(round: number, vitestArgs: string[]): Promise<VitestJsonReport> {
  const outputFile = join(REPORTS, `round-${round}.json`);
  const vitest = join(ROOT, "node_modules/.bin/vitest");
  const args = ["run", "--project", "e2e*", "--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`];
  return new Promise((done, fail) => {
    const child = spawn(vitest, [...args, ...vitestArgs], { cwd: ROOT, stdio: "inherit" });
    child.once("error", fail);
    // A failing round exits 1, which is what the hunt is for: its report says which tests failed.
    child.once("exit", () => {
      try {
        done(JSON.parse(readFileSync(outputFile, "utf8")) as VitestJsonReport);
      } catch {
        fail(new Error(`round ${round} wrote no report: vitest could not run the suite`));
      }
    });
  });
}

const { rounds, build, vitestArgs } = parseArgs(process.argv.slice(2));
if (build && spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0) process.exit(1);
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const failures = new Map<string, { rounds: number[]; error: string }>();
let testsRun = 0;
const load = busyCore();
try {
  for (let round = 1; round <= rounds; round++) {
    console.log(`\n==> flake hunt: round ${round} of ${rounds}, one core kept busy`);
    const report = await runRound(round, vitestArgs);
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        testsRun++;
        if (test.status !== "failed") continue;
        const key = `${file.name.slice(ROOT.length)} > ${test.fullName}`;
        const seen = failures.get(key) ?? { rounds: [], error: test.failureMessages.join("\n") };
        seen.rounds.push(round);
        failures.set(key, seen);
      }
    }
  }
} finally {
  load.kill();
}

console.log(`\n==> flake hunt: ${rounds} rounds, ${testsRun} test runs, ${failures.size} tests failed at least once`);
for (const [test, { rounds: failed, error }] of failures) {
  console.log(
    `\n✗ ${test}\n  failed in round ${failed.join(", ")} of ${rounds}\n  ${error.split("\n").slice(0, 12).join("\n  ")}`,
  );
}
process.exit(failures.size ? 1 : 0);
