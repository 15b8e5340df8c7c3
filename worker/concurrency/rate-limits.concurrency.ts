/**
 * The limits hold against an attacker: bursts of parallel requests spread over every serving
 * process, tRPC batches, and both at once. Every call is counted, and no more pass than the limit.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunningHost } from "@testing/host";
import { ALONE_ONLY } from "../trpc";
import { countRows, PASSWORD, startCrowdHost, uniqueEmail } from "./crowd";

const LIMITS = { signInPerEmail: 5, signUpPerIp: 10, contactPerIp: 5 };

let host: RunningHost;
beforeAll(async () => {
  // The real limits, not the crowd's generous ones.
  host = await startCrowdHost({
    env: {
      RATE_LIMIT_SIGNIN_PER_EMAIL: String(LIMITS.signInPerEmail),
      RATE_LIMIT_SIGNUP_PER_IP: String(LIMITS.signUpPerIp),
      RATE_LIMIT_SIGNIN_PER_IP: "30",
    },
  });
});
afterAll(() => host?.stop());

/** One raw HTTP request, on its own connection, as a script would send it. */
async function post(path: string, body: unknown) {
  const response = await fetch(`${host.url}/api/trpc/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: host.url, Connection: "close" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as unknown;
  const answers = Array.isArray(answer) ? answer : [answer];
  return answers.map((a: { result?: unknown; error?: { json: { message: string; data: { httpStatus: number } } } }) =>
    a.error ? { status: a.error.json.data.httpStatus, message: a.error.json.message } : { status: 200, message: "" },
  );
}

const call = (procedure: string, input: object) => post(procedure, { json: input }).then((answers) => answers[0]!);
const batch = (procedure: string, inputs: object[]) =>
  post(
    `${inputs.map(() => procedure).join(",")}?batch=1`,
    Object.fromEntries(inputs.map((input, i) => [i, { json: input }])),
  );

const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((tally, { status }) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});

async function counter(key: string) {
  const db = host.openDatabase();
  try {
    const { rows } = await db.execute({ sql: "SELECT count FROM rate_limits WHERE key = ?", args: [key] });
    return Number(rows[0]?.count ?? 0);
  } finally {
    db.close();
  }
}

describe("sign-in, 5 wrong passwords per address", () => {
  test("a batch of guesses is refused whole: not one password is checked", async () => {
    const email = uniqueEmail("batch-target");
    const answers = await batch(
      "auth.signIn",
      Array.from({ length: 12 }, (_, i) => ({ email, password: `guess ${i}` })),
    );
    expect(answers).toEqual(Array(12).fill({ status: 400, message: ALONE_ONLY }));
    expect(await counter(`signin:email:${email}`)).toBe(0);
  });

  test("15 parallel wrong sign-ins: 5 checked, 10 refused, all 15 counted", async () => {
    const email = uniqueEmail("burst-target");
    await call("auth.signUp", { displayName: "Target", email, password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => call("auth.signIn", { email, password: `wrong ${i}` })),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 10 });
    expect(await counter(`signin:email:${email}`)).toBe(15);
    // Even the right password waits now.
    expect((await call("auth.signIn", { email, password: PASSWORD })).status).toBe(429);
  });

  test("parallel batches together with parallel single guesses still check at most 5", async () => {
    const email = uniqueEmail("mixed-target");
    const guesses = (n: number) => Array.from({ length: n }, (_, i) => ({ email, password: `mixed ${i}` }));
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => batch("auth.signIn", guesses(5))),
      ...guesses(10).map((guess) => call("auth.signIn", guess).then((a) => [a])),
    ]);
    const tally = statuses(results.flat());
    expect(tally[401]).toBe(5);
    expect(tally).toEqual({ 400: 20, 401: 5, 429: 5 });
    expect(await counter(`signin:email:${email}`)).toBe(10);
  });
});

describe("sign-up, 10 accounts per IP an hour", () => {
  test("a batch of sign-ups creates nothing; a parallel burst creates exactly 10", async () => {
    const before = await countRows(host, "users");
    const someone = () => ({ displayName: "Sock Puppet", email: uniqueEmail("puppet"), password: PASSWORD });
    const batched = await batch("auth.signUp", Array.from({ length: 10 }, someone));
    expect(statuses(batched)).toEqual({ 400: 10 });
    expect(await countRows(host, "users")).toBe(before);

    // The sign-in tests' target accounts already count against this IP.
    const used = await counter("signup:ip:127.0.0.1");
    const left = LIMITS.signUpPerIp - used;
    const answers = await Promise.all(Array.from({ length: 15 }, () => call("auth.signUp", someone())));
    expect(statuses(answers)).toEqual({ 200: left, 429: 15 - left });
    expect(await countRows(host, "users")).toBe(before + left);
    expect(await counter("signup:ip:127.0.0.1")).toBe(used + 15);
  });
});

describe("contact form, 5 messages per IP an hour", () => {
  test("batches are refused and a burst stores exactly 5", async () => {
    const message = () => ({ email: "visitor@example.com", message: "Hello there" });
    expect(statuses(await batch("contact.send", Array.from({ length: 10 }, message)))).toEqual({ 400: 10 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => call("contact.send", message())));
    expect(statuses(answers)).toEqual({ 200: LIMITS.contactPerIp, 429: 7 });
    expect(await countRows(host, "contact_messages")).toBe(LIMITS.contactPerIp);
  });
});

test("a batch larger than a page ever sends is refused before any call runs", async () => {
  const answers = await batch(
    "projects.list",
    Array.from({ length: 21 }, () => ({})),
  );
  expect(answers.every((a) => a.status === 400)).toBe(true);
});
