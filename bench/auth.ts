/**
 * What a password costs: the scrypt hash and check on their own, then sign-ins per second through
 * the real Node host, each beside a baseline measured in the same run on the same machine.
 */
import { randomBytes, scrypt } from "node:crypto";
import autocannon from "autocannon";
import { hashPassword, verifyPassword } from "../worker/auth/password";
import { fixed, percentile, printTable, startHost, timeRuns, writeResults } from "./lib";

const RUNS = 30;
const HTTP_SECONDS = 10;
const CONNECTIONS = 10;
const MEMBER = { displayName: "Bench Member", email: "bench@example.com", password: "correct horse battery" };

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Read back from a stored hash, so the figures follow the app's parameters if they rise. */
function appParams(stored: string): ScryptParams {
  const [, N, r, p] = stored.split("$").map(Number);
  return { N: N!, r: r!, p: p! };
}

const scryptLabel = ({ N, r, p }: ScryptParams) => `scrypt N=2^${Math.log2(N)} r=${r} p=${p}`;

const rawScrypt = (password: string, params: ScryptParams) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, randomBytes(16), 32, params, (err, key) => (err ? reject(err) : resolve(key))),
  );

const summary = (durations: number[]) => ({ p50Ms: percentile(durations, 50), p99Ms: percentile(durations, 99) });

async function passwordFigures() {
  const stored = await hashPassword(MEMBER.password);
  const params = appParams(stored);
  // Only N differs, so the ratio shows what the app's N costs over a 16 times smaller one.
  const baselineParams = { ...params, N: 2 ** 10 };
  // One untimed call each, so lazy set-up in node:crypto is not counted as a hash.
  await verifyPassword(stored, MEMBER.password);
  await rawScrypt(MEMBER.password, baselineParams);

  const hash = summary(await timeRuns(RUNS, () => hashPassword(MEMBER.password)));
  const verify = summary(await timeRuns(RUNS, () => verifyPassword(stored, MEMBER.password)));
  const baseline = summary(await timeRuns(RUNS, () => rawScrypt(MEMBER.password, baselineParams)));
  const ratio = hash.p50Ms / baseline.p50Ms;

  const row = (label: string, { p50Ms, p99Ms }: typeof hash) => ({
    "": label,
    "p50 ms": fixed(p50Ms),
    "p99 ms": fixed(p99Ms),
  });
  printTable(`Password hashing (${RUNS} runs each, one at a time)`, [
    row(`hash, ${scryptLabel(params)}`, hash),
    row(`verify, ${scryptLabel(params)}`, verify),
    row(`baseline: ${scryptLabel(baselineParams)}`, baseline),
    { "": "hash p50 / baseline p50", "p50 ms": `${fixed(ratio)}x` },
  ]);
  return { runs: RUNS, params, hash, verify, baseline: { params: baselineParams, ...baseline }, ratio };
}

/** autocannon measures latency in whole milliseconds. */
const milliseconds = (ms: number) => (ms < 1 ? "<1" : fixed(ms, 0));

async function load(url: string, init: Pick<autocannon.Options, "method" | "headers" | "body"> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: HTTP_SECONDS, ...init });
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function httpFigures() {
  // One address signing in from ten connections at once: the per-address limit counts each attempt first.
  const app = await startHost({
    env: { RATE_LIMIT_SIGNIN_PER_IP: "1000000", RATE_LIMIT_SIGNIN_PER_EMAIL: "1000000", RATE_LIMIT_SIGNUP_PER_IP: "1000000" },
  });
  try {
    // The origin check refuses a POST without the app's own Origin, as a browser would send it.
    const headers = { "Content-Type": "application/json", Origin: app.url };
    const post = (procedure: string, json: object) =>
      fetch(`${app.url}/api/trpc/${procedure}`, { method: "POST", headers, body: JSON.stringify({ json }) });

    const signedUp = await post("auth.signUp", MEMBER);
    if (!signedUp.ok) throw new Error(`Sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
    const credentials = { email: MEMBER.email, password: MEMBER.password };
    const signedIn = await post("auth.signIn", credentials);
    if (!signedIn.ok) throw new Error(`Sign-in failed: ${signedIn.status} ${await signedIn.text()}`);

    const signIn = await load(`${app.url}/api/trpc/auth.signIn`, {
      method: "POST",
      headers,
      body: JSON.stringify({ json: credentials }),
    });
    const health = await load(`${app.url}/api/health`);
    const ratio = health.reqPerSec / signIn.reqPerSec;

    const row = (label: string, r: typeof signIn) => ({
      "": label,
      "req/s": fixed(r.reqPerSec),
      "p50 ms": milliseconds(r.p50Ms),
      "p99 ms": milliseconds(r.p99Ms),
      requests: r.requests,
      "non-2xx": r.non2xx,
      "errors+timeouts": r.errors + r.timeouts,
    });
    printTable(`HTTP through the Node host (${CONNECTIONS} connections, ${HTTP_SECONDS} s each)`, [
      row("POST auth.signIn (right password)", signIn),
      row("baseline: GET /api/health", health),
      { "": "health req/s / sign-in req/s", "req/s": `${fixed(ratio)}x` },
    ]);
    return { seconds: HTTP_SECONDS, connections: CONNECTIONS, signIn, health, ratio };
  } finally {
    await app.stop();
  }
}

const password = await passwordFigures();
const http = await httpFigures();
writeResults("auth", { password, http });

const failures = [http.signIn, http.health].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
if (failures > 0) {
  // Refused or failed requests are answered faster than real ones, so the figures above mislead.
  console.error(`\n${failures} request(s) did not succeed: these figures do not measure sign-in.`);
  process.exit(1);
}
