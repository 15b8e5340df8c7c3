/**
 * Junk in every procedure's input never gets a 5xx and a refusal changes nothing: the first half of
 * the procedures here (testing/junk-inputs.ts), the second in inputs-second-half.property.test.ts;
 * and raw bodies no client would send. (control-characters.property.test.ts holds each text to its
 * rule; the three run side by side.)
 */
import { describe, expect, it } from "vitest";
import { tableDigests } from "@testing/calls";
import { TEST_ORIGIN } from "@testing/harness";
import { propertyWorld, signedIn } from "@testing/input-shapes";
import { junkInputProperty } from "@testing/junk-inputs";

const world = propertyWorld();

junkInputProperty(world, 0);

describe("raw bodies no client would send", () => {
  it.each([
    ["nesting 100 000 deep", `{"json":${"[".repeat(100_000)}${"]".repeat(100_000)}}`],
    ["broken JSON", '{"json":{"title":'],
    ["superjson meta pointing at nothing", '{"json":{"id":"x"},"meta":{"values":{"a.b.c":["Date"]}}}'],
    ["superjson meta asking for a class", '{"json":{"id":"x"},"meta":{"values":{"id":[["class","Nope"]]}}}'],
    ["a prototype key", '{"json":{"__proto__":{"isPro":true},"id":"x"}}'],
    ["a prototype key deep down", '{"json":{"title":{"":{"prototype":0}},"constructor":{"prototype":{"x":1}}}}'],
  ])("answers %s without a 5xx, changing nothing", async (_, body) => {
    const m = await signedIn(await world.w.side());
    const before = await tableDigests(world.t.db);
    for (const path of ["projects.create", "profiles.update", "contact.send", "auth.signUp"]) {
      const response = await m.request(`${TEST_ORIGIN}/api/trpc/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(500);
    }
    expect(await tableDigests(world.t.db)).toEqual(before);
  });
});
