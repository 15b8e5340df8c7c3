// Own hosts: two in turn on one data folder, the subject of the test.
/** A second `npm start` on the same data folder: everything a member made is still there. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { startHost } from "@testing/host";
import { E2E_ENV, test } from "./harness";
import { expectUrl, finishOnboarding, signUpByApi, submitSignIn, toast } from "./ui";

test("an account made before a restart signs in after it", async ({ browser }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "crewboard-e2e-restart-"));
  try {
    const first = await startHost({ dataDir, needsBuild: true, env: E2E_ENV });
    const before = await browser.newContext({ baseURL: first.url });
    const signedUp = await before.newPage();
    const member = await signUpByApi(signedUp);
    await finishOnboarding(signedUp, member);
    await before.close();
    await first.stop();

    const second = await startHost({ dataDir, needsBuild: true, env: E2E_ENV });
    try {
      const after = await browser.newContext({ baseURL: second.url });
      const page = await after.newPage();
      await submitSignIn(page, member.email, member.password);
      await expectUrl(page, "/dashboard");
      await toast(page, "Welcome Back!").waitFor();
      expect(await page.getByRole("button", { name: "Account menu" }).textContent()).toContain(member.displayName);
      await after.close();
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
