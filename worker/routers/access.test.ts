/**
 * The access matrix: every procedure of the router, called as an anonymous visitor, as a stranger
 * and as the party, must answer what testing/access-table.ts declares; a refusal changes no row.
 * A forger, whose cookie names the party with a made-up secret, gets what the anonymous visitor
 * gets: a query may start on the cookie's word before the session check answers (worker/trpc.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRules, accessTable } from "@testing/access-table";
import { accessWorld, type World } from "@testing/access-world";
import { callProcedure, procedures, tableWatch } from "@testing/calls";
import type { TestApp, TestMember } from "@testing/harness";

let t: TestApp;
let w: World;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, w, close } = await accessWorld());
});
afterAll(() => close());

it("declares who may call every procedure of the router, and nothing else", () => {
  expect(Object.keys(procedures).filter((path) => !(path in accessTable))).toEqual([]);
  expect(Object.keys(accessTable).filter((path) => !(path in procedures))).toEqual([]);
});

/** A browser whose session cookie names `member` but holds a secret no session has. */
function forging(member: TestMember) {
  const forger = t.browser();
  forger.cookies.set("crewboard_session", `${member.me.id}.${"a".repeat(40)}`);
  return forger;
}

describe.each(Object.keys(procedures))("%s", (path) => {
  const rule = accessRules[path];
  const roles = ["anonymous", "forger", "stranger", "party", ...Object.keys(rule?.others ?? {})];
  it.runIf(rule).each(roles)("as %s", async (role) => {
    const { input, party, others } = await rule!.arrange(w);
    const caller =
      role === "anonymous"
        ? t.browser()
        : role === "forger"
          ? forging(party)
          : role === "stranger"
            ? await w.stranger()
            : role === "party"
              ? party
              : others![role]!;
    const tables = await tableWatch(t.db);
    const before = await tables();
    const { code, status } = await callProcedure(caller, path, input);
    // Signing up, in or out, or deleting the account changes who the browser is: the next
    // stranger starts afresh.
    if (path.startsWith("auth.") || path.startsWith("account.")) w.forgetStranger();
    const expected =
      role === "forger"
        ? rule!.anonymous
        : role === "anonymous" || role === "stranger" || role === "party"
          ? rule![role]
          : rule!.others![role];
    expect(code).toBe(expected);
    if (code !== "ok") {
      expect(status).toBeLessThan(500);
      expect(await tables()).toEqual(before);
    }
  });
});
