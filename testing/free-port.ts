/**
 * Ports for the servers a test starts in a process of their own, which bind them seconds later.
 *
 * A port the kernel picks (listening on port 0) comes from its ephemeral range, the range every
 * outgoing connection on the machine takes its local port from too: between a probe letting such a
 * port go and the child binding it, one of the many connections the tests open could take it, and
 * the child would die with "Address already in use" (the rooms did once in CI). So ports come from
 * below that range (Linux's starts at 32768), where no connection is given one, and from a slice
 * that is this vitest worker's alone (VITEST_POOL_ID tells the workers running at once apart; a run
 * outside vitest, such as a benchmark, takes the first), so two files starting servers at the same
 * moment never pick the same one. A port something else already holds is skipped.
 */
import { createServer } from "node:net";

const FIRST = 20_000;
const PER_WORKER = 1_000;
const EPHEMERAL_START = 32_768;

let handedOut = 0;

export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  const start = FIRST + worker * PER_WORKER;
  if (start + PER_WORKER > EPHEMERAL_START) throw new Error(`vitest worker ${worker} has no ports of its own`);
  for (let tried = 0; tried < PER_WORKER; tried++) {
    const port = start + (handedOut++ % PER_WORKER);
    if (await nobodyListens(port)) return port;
  }
  throw new Error(`every port from ${start} to ${start + PER_WORKER - 1} is taken`);
}

function nobodyListens(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
