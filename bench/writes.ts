/**
 * Writes under load: project creates and profile saves from 10 and 50 concurrent clients over
 * HTTP, on the multi-process host as `npm start` runs it, beside the same workload on one serving
 * process in the same run. Every request must succeed: a refused write measures nothing.
 */
import autocannon from "autocannon";
import { availableParallelism } from "node:os";
import { fixed, printTable, startHost, writeResults } from "./lib";

const SECONDS = 5;
const CLIENT_COUNTS = [10, 50];
const PASSWORD = "correct horse battery";

interface Figures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failures: number;
}

const workloads = {
  "projects.create": (i: number) => ({
    title: `Load ${i}`,
    category: "Web Development",
    description: "Made by the benchmark.",
  }),
  "profiles.update": (i: number) => ({
    displayName: `Bench Member ${i}`,
    bio: `Saved by the benchmark, run ${i}.`,
    age: null,
    developerType: null,
    experience: null,
    specialization: null,
    region: "Other",
    skills: ["TypeScript", "SQLite"],
    interestedProjects: [],
  }),
};
type Workload = keyof typeof workloads;

/** A signed-in member on Pro (no project limit), as a cookie header. */
async function proMember(host: Awaited<ReturnType<typeof startHost>>) {
  const email = `writes.${Date.now()}@example.com`;
  const response = await fetch(`${host.url}/api/trpc/auth.signUp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: host.url },
    body: JSON.stringify({ json: { displayName: "Bench Member", email, password: PASSWORD } }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  const db = host.openDatabase();
  await db.execute({ sql: "UPDATE profiles SET subscription_status = 'lifetime' WHERE email = ?", args: [email] });
  db.close();
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function load(origin: string, cookie: string, workload: Workload, connections: number): Promise<Figures> {
  let n = 0;
  const result = await autocannon({
    url: `${origin}/api/trpc/${workload}`,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
        // A different body each time, so no layer can answer from a cache.
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ json: workloads[workload](++n) }) }),
      },
    ],
  });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(processes: number) {
  const host = await startHost({ env: { WEB_CONCURRENCY: String(processes), RATE_LIMIT_SIGNUP_PER_IP: "1000000" } });
  try {
    const cookie = await proMember(host);
    const figures: Record<string, Figures> = {};
    for (const workload of Object.keys(workloads) as Workload[]) {
      for (const connections of CLIENT_COUNTS) {
        figures[`${workload} × ${connections}`] = await load(host.url, cookie, workload, connections);
      }
    }
    return figures;
  } finally {
    await host.stop();
  }
}

const processes = availableParallelism();
const multi = await measure(processes);
const single = await measure(1);

const ms = (n: number) => (n < 1 ? "<1" : fixed(n, 0));
printTable(`Writes over HTTP, ${SECONDS} s each: ${processes} serving processes against 1 (the baseline)`, [
  ...Object.keys(multi).map((name) => {
    const [m, s] = [multi[name]!, single[name]!];
    return {
      "": name,
      [`req/s ×${processes}`]: fixed(m.reqPerSec),
      "p50/p99 ms": `${ms(m.p50Ms)}/${ms(m.p99Ms)}`,
      errors: m.failures,
      "req/s ×1": fixed(s.reqPerSec),
      "p50/p99 ms ×1": `${ms(s.p50Ms)}/${ms(s.p99Ms)}`,
      "errors ×1": s.failures,
      ratio: `${fixed(m.reqPerSec / s.reqPerSec, 2)}x`,
    };
  }),
]);
writeResults("writes", { seconds: SECONDS, processes, multi, single });

const failures = [...Object.values(multi), ...Object.values(single)].reduce((sum, f) => sum + f.failures, 0);
if (failures > 0) {
  console.error(`\n${failures} write(s) did not succeed: these figures do not measure writes.`);
  process.exit(1);
}
