/**
 * A database that cannot be reached (Turso down, a connection refused mid-run): every procedure
 * that needs it answers 503 'Please try again', never a 500, health says the database is down, and once it is
 * back the very same calls go through. Over the libSQL stand-in, as the Worker reaches Turso.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_BUSY } from "../db/errors";
import { accessRules } from "../testing/access-table";
import { accessWorld, type World } from "../testing/access-world";
import { callProcedure, procedures } from "../testing/calls";
import { rejection, type TestApp } from "../testing/harness";
import { startLibsqlServer, type LibsqlServer } from "../testing/libsql-server";

let database: LibsqlServer;
let t: TestApp;
let w: World;
let closeWorld: () => Promise<void>;
beforeAll(async () => {
  database = await startLibsqlServer(join(mkdtempSync(join(tmpdir(), "crewboard-outage-")), "app.db"));
  ({ t, w, close: closeWorld } = await accessWorld({ database: { url: database.url, authToken: database.authToken } }));
});
afterAll(async () => {
  await closeWorld?.();
  await database?.restart().catch(() => {});
  await database?.close();
});

async function during<T>(outage: () => Promise<T>) {
  // What the arrangement left running (a push after a friend request) ends first: a request cut off
  // mid-flight by the outage would leave the client a dead connection for the first call after it.
  await t.settle();
  await database.stop();
  try {
    return await outage();
  } finally {
    await database.restart();
  }
}

it("health says the database is down while it is, and up again after", async () => {
  const down = await during(async () => t.app.request("/api/health"));
  expect(down.status).toBe(503);
  expect(await down.json()).toEqual({ ok: false, database: "down" });
  const up = await t.app.request("/api/health");
  expect(up.status).toBe(200);
  expect(await up.json()).toEqual({ ok: true });
});

it("tells a member 'Please try again', and signing up goes through once it is back", async () => {
  const visitor = t.browser();
  const signUp = () =>
    visitor.trpc.auth.signUp.mutate({ displayName: "Outage", email: "outage@example.com", password: "correct horse" });
  expect(await during(() => rejection(signUp()))).toEqual({
    status: 503,
    code: "SERVICE_UNAVAILABLE",
    message: DATABASE_BUSY,
  });
  expect((await signUp()).email).toBe("outage@example.com");
});

/** Answered from the configuration alone, so a database that is down changes nothing for them. */
const WITHOUT_DATABASE = new Set(["auth.providers"]);

describe.each(Object.keys(procedures))("%s", (path) => {
  const rule = accessRules[path];
  it.runIf(rule)("answers 503 while the database is down, then as always once it is back", async () => {
    const { input, party } = await rule!.arrange(w);
    expect(await during(() => callProcedure(party, path, input))).toEqual(
      WITHOUT_DATABASE.has(path) ? { code: rule!.party, status: 200 } : { code: "SERVICE_UNAVAILABLE", status: 503 },
    );
    const { code } = await callProcedure(party, path, input);
    if (path.startsWith("auth.") || path.startsWith("account.")) w.forgetStranger();
    expect(code).toBe(rule!.party);
  });
});
