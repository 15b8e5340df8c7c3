import { createClient } from "@libsql/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BUSY_TIMEOUT_MS } from "../db/client";
import { DATABASE_BUSY } from "../db/errors";
import { projects } from "../db/schema";
import { createTestApp, rejection, type TestApp } from "../testing/harness";

let t: TestApp;
let otherProcess: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await createTestApp();
  otherProcess = createClient({ url: t.databaseUrl });
});
afterAll(() => otherProcess.close());

it(
  "a database held by another writer past the busy timeout answers 503 'Please try again' and changes nothing",
  async () => {
    const m = await t.member();
    const holder = await otherProcess.transaction("write");
    try {
      const refused = await rejection(m.trpc.projects.create.mutate({ title: "Blocked", category: "DevOps" }));
      expect(refused).toEqual({ status: 503, code: "SERVICE_UNAVAILABLE", message: DATABASE_BUSY });
    } finally {
      await holder.rollback();
    }
    expect(await t.db.$count(projects)).toBe(0);
    // Once the other writer is done, the same call goes through.
    await m.trpc.projects.create.mutate({ title: "Unblocked", category: "DevOps" });
    expect(await t.db.$count(projects)).toBe(1);
  },
  BUSY_TIMEOUT_MS + 15_000,
);
