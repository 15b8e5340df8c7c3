import { once } from "node:events";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "@testing/harness";

/** Over MAX_JSON_BODY (1 MiB). */
const TOO_LARGE = 2 * 1024 * 1024;

let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  // As the Node host serves it, where a request's body is read from the socket.
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const signUp = (email: string) =>
  JSON.stringify({ json: { displayName: "Ada Lovelace", email, password: "correct horse" } });

/** A sign-up posted over a socket; `write` sends its body (or none) once the headers have gone. */
function post(headers: Record<string, string | number>, write: (req: ReturnType<typeof request>) => void) {
  const req = request({
    host: "127.0.0.1",
    port,
    // A connection of its own: one the server closed after refusing a body is not used again.
    agent: false,
    method: "POST",
    path: "/api/trpc/auth.signUp",
    headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", ...headers },
  });
  // The server may answer and close before a refused body is all sent.
  req.on("error", () => {});
  const answered = once(req, "response").then(async (args) => {
    const response = args[0] as IncomingMessage;
    let text = "";
    for await (const chunk of response) text += chunk;
    return { status: response.statusCode, body: JSON.parse(text) as { error: { json: { message: string } } } };
  });
  req.flushHeaders();
  write(req);
  return answered;
}

describe("the API's body limit on the Node host", () => {
  it("refuses a body that declares more than the limit before any of it is sent", async () => {
    const before = await t.db.$count(users);
    // Only the headers go: the answer comes without the server waiting for a byte of the body.
    const answer = await post({ "Content-Length": TOO_LARGE }, () => {});
    expect(answer.status).toBe(413);
    expect(answer.body.error.json.message).toBe("This request is too large.");
    expect(await t.db.$count(users)).toBe(before);
  });

  it("counts a body sent without a length as it arrives, and refuses it past the limit", async () => {
    const before = await t.db.$count(users);
    const answer = await post({ "Transfer-Encoding": "chunked" }, (req) => {
      const chunk = "x".repeat(64 * 1024);
      for (let sent = 0; sent <= TOO_LARGE; sent += chunk.length) req.write(chunk);
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error.json.message).toBe("This request is too large.");
    expect(await t.db.$count(users)).toBe(before);
  });

  it("reads a body within the limit as the call's input, with its length declared or not", async () => {
    const declared = signUp("declared@example.com");
    expect((await post({ "Content-Length": Buffer.byteLength(declared) }, (req) => req.end(declared))).status).toBe(
      200,
    );
    const streamed = signUp("streamed@example.com");
    expect((await post({ "Transfer-Encoding": "chunked" }, (req) => req.end(streamed))).status).toBe(200);
    const emails = (await t.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(["declared@example.com", "streamed@example.com"]));
  });
});
