/**
 * The Node host's way out, with a resolver the test answers for: names that resolve inward are
 * refused before any connection, every address a name has is checked, and the connection goes to
 * the address the check saw, the name resolved once.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { guardedOutbound, OutboundRefused, type OutboundRules } from "./guard";
import { nodeTransport, type ResolvedAddress } from "./node-transport";

/** A server inside: on this machine, counting every connection anything makes to it. */
const inside = createServer((req, res) => res.end(`inside, asked for ${req.headers.host}`));
let connections = 0;
inside.on("connection", () => connections++);
let port: number;
beforeAll(async () => {
  inside.listen(0, "127.0.0.1");
  await once(inside, "listening");
  port = (inside.address() as { port: number }).port;
});
afterAll(() => {
  inside.closeAllConnections();
  inside.close();
});

const rules: OutboundRules = { trustedHosts: [], maxRedirects: 0, timeoutMs: 5_000, maxBytes: 1024 };

/** A way out whose resolver answers `answers` in turn, and the names it was asked. */
function resolving(...answers: ResolvedAddress[][]) {
  const asked: string[] = [];
  const outbound = guardedOutbound(
    nodeTransport({
      resolve: async (host) => {
        asked.push(host);
        return answers[Math.min(asked.length, answers.length) - 1]!;
      },
    }),
  );
  return { asked, outbound };
}

const v4 = (address: string) => ({ address, family: 4 });
const v6 = (address: string) => ({ address, family: 6 });

it("refuses a name that resolves to a loopback or private address, connecting to nothing", async () => {
  const before = connections;
  for (const answer of [[v4("127.0.0.1")], [v4("10.0.0.7")], [v6("::1")], [v6("::ffff:169.254.169.254")]]) {
    const { asked, outbound } = resolving(answer);
    const refused = outbound(`https://push.example.com:${port}/`, {}, rules);
    await expect(refused).rejects.toBeInstanceOf(OutboundRefused);
    await expect(refused).rejects.toThrow(`push.example.com resolves to ${answer[0]!.address}`);
    expect(asked).toEqual(["push.example.com"]);
  }
  expect(connections).toBe(before);
});

it("checks every address a name resolves to, not just the first", async () => {
  const before = connections;
  const { outbound } = resolving([v4("93.184.216.34"), v4("127.0.0.1")]);
  await expect(outbound(`https://push.example.com:${port}/`, {}, rules)).rejects.toThrow("resolves to 127.0.0.1");
  expect(connections).toBe(before);
});

it("connects to the address it checked, resolving the name once: a name re-bound inward afterwards is never asked", async () => {
  const before = connections;
  // A rebinding name: public when checked, this machine's loopback for any later lookup.
  const { asked, outbound } = resolving([v4("192.88.100.1")], [v4("127.0.0.1")]);
  await expect(outbound(`https://rebind.example.com:${port}/`, {}, { ...rules, timeoutMs: 1_000 })).rejects.toThrow();
  expect(asked).toEqual(["rebind.example.com"]);
  expect(connections).toBe(before);
});

it("reaches an operator's host at the address its lookup gave, over plain http", async () => {
  // No resolver but the test's knows this name: reaching the server proves the socket took its answer.
  const { asked, outbound } = resolving([v4("127.0.0.1")]);
  const response = await outbound(
    `http://stand-in.push.test:${port}/`,
    {},
    { ...rules, trustedHosts: ["stand-in.push.test"] },
  );
  expect(await response.text()).toBe(`inside, asked for stand-in.push.test:${port}`);
  expect(asked).toEqual(["stand-in.push.test"]);
});
