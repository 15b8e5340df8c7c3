/**
 * `kill -9` of the whole host while members are writing, then a restart on the same data folder:
 * every write that was answered 200 is there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { countRows, signUpMany, startCrowdHost } from "./crowd";

const dataDir = mkdtempSync(join(tmpdir(), "crewboard-durability-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("writes answered 200 survive kill -9 of every process the moment after the answer", async () => {
  const host = await startCrowdHost({ dataDir });
  const members = await signUpMany(host, 12);

  const answered: string[] = [];
  let killed: Promise<void> | undefined;
  const creates = members.flatMap((m, i) =>
    Array.from({ length: 3 }, (_, k) =>
      m.browser.trpc.projects.create.mutate({ title: `Kept ${i}-${k}`, category: "Web Development" }).then(
        ({ id }) => {
          answered.push(id);
          // Halfway through, the whole host dies at once: no process gets to finish anything.
          if (answered.length === 18) killed = host.kill();
        },
        () => {},
      ),
    ),
  );
  await Promise.all(creates);
  await killed;
  expect(answered.length).toBeGreaterThanOrEqual(18);

  const restarted = await startCrowdHost({ dataDir });
  try {
    const stored = await countRows(restarted, "projects", `id IN (${answered.map(() => "?").join(",")})`, answered);
    expect(stored).toBe(answered.length);
    // The accounts made before the crash sign in after it.
    expect(await countRows(restarted, "users")).toBe(12);
  } finally {
    await restarted.stop();
  }
});
