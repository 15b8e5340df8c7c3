/**
 * One reset link used many times at once, spread over every serving process: exactly one use sets
 * the password and signs in, every other is told the link is spent, and none is a server error.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { INVALID_RESET_LINK } from "@core/auth-messages";
import type { RunningHost } from "@testing/host";
import { countRows, expectNoServerErrors, newBrowser, outcome, PASSWORD, signUpMany, startCrowdHost } from "./crowd";

const USES = 16;

let host: RunningHost;
beforeAll(async () => {
  host = await startCrowdHost({ env: { RATE_LIMIT_RESET_PER_IP: "100000", RATE_LIMIT_RESET_PER_EMAIL: "100000" } });
});
afterAll(() => host?.stop());

async function resetToken(email: string) {
  await newBrowser(host).trpc.auth.requestPasswordReset.mutate({ email });
  return new URL(await host.latestLink(email, "/auth/reset-password")).searchParams.get("token")!;
}

describe("a reset link used at once from many browsers", () => {
  test("exactly one use succeeds; the rest are refused, none with a 5xx", async () => {
    const [member] = await signUpMany(host, 1, "reset-race");
    const token = await resetToken(member!.email);
    const browsers = Array.from({ length: USES }, () => newBrowser(host));
    const outcomes = await Promise.all(
      browsers.map((browser, i) =>
        outcome(browser.trpc.auth.resetPassword.mutate({ token, password: `new password ${i}` })),
      ),
    );
    expectNoServerErrors(outcomes);
    const winners = outcomes.flatMap((o, i) => (o.ok ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual(
      Array(USES - 1).fill({ ok: false, status: 400, message: INVALID_RESET_LINK }),
    );

    // The winner's browser is the account's only session, and the winner's password the one that works.
    const winner = winners[0]!;
    expect(await countRows(host, "sessions", "user_id = ?", [member!.id])).toBe(1);
    expect(await browsers[winner]!.trpc.auth.me.query()).toMatchObject({ id: member!.id });
    expect(await member!.browser.trpc.auth.me.query()).toBeNull();
    const signIn = (password: string) =>
      outcome(newBrowser(host).trpc.auth.signIn.mutate({ email: member!.email, password }));
    expect(await signIn(`new password ${winner}`)).toMatchObject({ ok: true });
    expect(await signIn(`new password ${(winner + 1) % USES}`)).toMatchObject({ ok: false, status: 401 });
    expect(await signIn(PASSWORD)).toMatchObject({ ok: false, status: 401 });
  });
});
