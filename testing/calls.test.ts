/** The property tests' watch on the database sees every change a digest would, and only those. */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableDigests, tableWatch } from "./calls";
import { createTestApp, type TestApp } from "./harness";

describe("tableWatch", () => {
  let t: TestApp;
  let tables: () => Promise<Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp();
    tables = await tableWatch(t.db);
  });

  it("gives the digests of every table, and the same again while nothing is written", async () => {
    const first = await tables();
    expect(first).toEqual(await tableDigests(t.db));
    expect(await tables()).toBe(first);
  });

  it("sees rows written, in a table and in the search index its triggers fill", async () => {
    const m = await t.member();
    const before = await tables();
    await m.trpc.projects.create.mutate({ title: "Watched project", category: "Web Development" });
    const after = await tables();
    expect(after.projects).not.toEqual(before.projects);
    expect(after.project_postings).not.toEqual(before.project_postings);
    expect(after).toEqual(await tableDigests(t.db));
  });

  it("sees a row changed and a row deleted", async () => {
    await t.db.run(sql`INSERT INTO users (id, email, created_at) VALUES ('watch-1', 'watch@example.com', 0)`);
    const before = await tables();
    await t.db.run(sql`UPDATE users SET email = 'watched@example.com' WHERE id = 'watch-1'`);
    const changed = await tables();
    expect(changed.users).not.toEqual(before.users);
    await t.db.run(sql`DELETE FROM users WHERE id = 'watch-1'`);
    expect((await tables()).users).not.toEqual(changed.users);
  });

  it("does not count a write that was rolled back", async () => {
    const before = await tables();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO users (id, email, created_at) VALUES ('watch-2', 'rolled@example.com', 0)`);
        throw new Error("changed our mind");
      }),
    ).rejects.toThrow("changed our mind");
    expect(await tables()).toBe(before);
  });
});
