/** Onboarding, settings and avatars, as a new member clicks through them. */
import { crc32, deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { expectUrl, signUp, signUpByApi, submitSignIn, toast } from "./ui";

/** A real PNG: `size`×`size` pixels of one RGB colour. */
function png(size: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => [r, g, b]).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function chooseAvatar(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Avatar" }).click();
  await (await chooser).setFiles(file);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The picture in the top bar's account button, once it has really loaded. */
async function topBarAvatarSrc(page: Page) {
  const image = page.getByRole("button", { name: "Account menu" }).locator("img");
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.getAttribute("src");
}

/** Holds every request to this procedure until the returned function is called. */
function holdRequests(page: Page, procedure: string) {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  void page.route(`**/api/trpc/${procedure}*`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const nextButton = (page: Page) => page.getByRole("button", { name: "Next" });

describe("onboarding", () => {
  test("a new member sets up the whole profile with an avatar and lands on the dashboard", async ({ page }) => {
    const member = await signUp(page);
    await page.getByText("Step 1 of 4").waitFor();
    // The bar counts the steps passed: none yet, and all four only once the profile is saved.
    const progress = () => page.getByRole("progressbar", { name: "Onboarding progress" }).getAttribute("aria-valuenow");
    expect(await progress()).toBe("0");
    await expect.poll(() => page.getByLabel("Display Name").inputValue()).toBe(member.displayName);
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);

    // Held back a moment, so the busy state can be seen.
    const release = holdRequests(page, "profiles.uploadAvatar");
    await chooseAvatar(page, { name: "me.png", mimeType: "image/png", buffer: png(24, [220, 40, 90]) });
    expect(await page.getByRole("button", { name: "Uploading..." }).isDisabled()).toBe(true);
    release();
    await toast(page, "Avatar Uploaded").waitFor();
    await page.getByLabel("Bio").fill("I build compilers.");
    await nextButton(page).click();

    await page.getByText("Step 2 of 4").waitFor();
    await choose(page, "Developer Type", "Backend Developer");
    await choose(page, "Experience Level", "Advanced (3-5 years)");
    await choose(page, "Specialization", "Data Science");
    expect(await page.getByLabel("Preferred Region").textContent()).toBe("United States");
    await nextButton(page).click();

    await page.getByText("Step 3 of 4").waitFor();
    await page.getByText("Select all that apply").waitFor();
    await page.getByLabel("Web Development").click();
    await page.getByLabel("Data Science").click();
    await page.getByRole("list", { name: "Selected interests" }).getByText("Data Science").waitFor();
    // Skills are optional here, and what suggestions work with from the first visit.
    await page.getByLabel("Skills").fill("Rust");
    await page.getByLabel("Skills").press("Enter");
    await nextButton(page).click();

    await page.getByRole("heading", { name: "Review your profile" }).waitFor();
    expect(await progress()).toBe("3");
    await page.getByText("Rust", { exact: true }).waitFor();
    const save = holdRequests(page, "profiles.completeOnboarding");
    await page.getByRole("button", { name: "Get Started" }).click();
    expect(await page.getByRole("button", { name: "Saving..." }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    // Nothing is complete until the server has it.
    expect(await page.getByRole("heading", { name: "Profile Complete!" }).count()).toBe(0);
    save();
    await page.getByRole("heading", { name: "Profile Complete!" }).waitFor();
    expect(await progress()).toBe("4");
    await expectUrl(page, "/dashboard");
    await toast(page, "Profile Setup Complete!").waitFor();
    expect(await topBarAvatarSrc(page)).toMatch(/^\/api\/avatars\/[a-z0-9]+-[a-f0-9]{16}\.png$/);

    // A member who finished has nothing to set up: the wizard's address opens Settings, with what was saved.
    await page.goto("/onboarding");
    await expectUrl(page, "/settings");
    await expect.poll(() => page.getByLabel("Bio").inputValue()).toBe("I build compilers.");
    expect(await page.getByLabel("Developer Type").textContent()).toBe("Backend Developer");
    expect(await page.getByRole("list", { name: "Skill list" }).getByRole("listitem").allTextContents()).toEqual([
      "Rust",
    ]);
  });

  test("a reload halfway keeps everything typed, on the step the member was on", async ({ page }) => {
    await signUp(page);
    await page.getByText("Step 1 of 4").waitFor();
    await page.getByLabel("Display Name").fill("Grace");
    await page.getByLabel("Bio").fill("Ships compilers.");
    await nextButton(page).click();
    await choose(page, "Developer Type", "Frontend Developer");
    await choose(page, "Experience Level", "Beginner (0-1 years)");
    await nextButton(page).click();
    await page.getByLabel("Mobile Apps").click();

    await page.reload();
    await page.getByText("Step 3 of 4").waitFor();
    expect(await page.getByLabel("Mobile Apps").getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Developer Type").textContent()).toBe("Frontend Developer");
    expect(await page.getByLabel("Experience Level").textContent()).toBe("Beginner (0-1 years)");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Display Name").inputValue()).toBe("Grace");
    expect(await page.getByLabel("Bio").inputValue()).toBe("Ships compilers.");
  });

  test("a save that fails never says 'Profile Complete!', and the member can try again", async ({ page }) => {
    await signUp(page);
    await page.getByText("Step 1 of 4").waitFor();
    await nextButton(page).click();
    await choose(page, "Developer Type", "Frontend Developer");
    await choose(page, "Experience Level", "Beginner (0-1 years)");
    await nextButton(page).click();
    await page.getByLabel("Mobile Apps").click();
    await nextButton(page).click();

    await page.getByText("Step 4 of 4").waitFor();
    expect(await page.getByRole("heading", { name: "Profile Complete!" }).count()).toBe(0);
    await page.route("**/api/trpc/profiles.completeOnboarding*", (route) => route.abort());
    await page.getByRole("button", { name: "Get Started" }).click();
    await toast(page, "Setup Error").waitFor();
    expect(await page.getByRole("heading", { name: "Profile Complete!" }).count()).toBe(0);
    await page.unroute("**/api/trpc/profiles.completeOnboarding*");

    await page.getByRole("button", { name: "Get Started" }).click();
    await page.getByRole("heading", { name: "Profile Complete!" }).waitFor();
    await expectUrl(page, "/dashboard");
  });

  test("a member who quit halfway is brought back to the wizard at their next sign-in", async ({ page, newPage }) => {
    const member = await signUp(page);
    await page.getByText("Step 1 of 4").waitFor();
    await nextButton(page).click();
    await page.getByText("Step 2 of 4").waitFor();

    const device = await newPage();
    await submitSignIn(device, member.email, member.password);
    await toast(device, "Welcome Back!").waitFor();
    await expectUrl(device, "/onboarding");
    await device.getByText("Step 1 of 4").waitFor();
  });

  test("Next stays disabled until each step has what it needs, and says what that is", async ({ page }) => {
    await signUp(page);
    // The sign-up form (with its own Display Name) may still be on screen for a moment.
    await page.getByText("Step 1 of 4").waitFor();
    // What the disabled button waits for: the text it is described by, as a screen reader reads it.
    const reason = async () => {
      const id = await nextButton(page).getAttribute("aria-describedby");
      return id === null ? null : page.locator(`[id="${id}"]`).textContent();
    };
    await page.getByLabel("Display Name").fill("   ");
    expect(await nextButton(page).isDisabled()).toBe(true);
    expect(await reason()).toBe("Enter your display name to continue.");
    await page.getByLabel("Display Name").fill("Grace");
    expect(await nextButton(page).isEnabled()).toBe(true);
    expect(await reason()).toBeNull();
    await nextButton(page).click();

    await page.getByText("Step 2 of 4").waitFor();
    expect(await nextButton(page).isDisabled()).toBe(true);
    expect(await reason()).toBe("Choose your developer type and your experience level to continue.");
    await choose(page, "Developer Type", "Frontend Developer");
    expect(await nextButton(page).isDisabled()).toBe(true);
    expect(await reason()).toBe("Choose your experience level to continue.");
    await choose(page, "Experience Level", "Beginner (0-1 years)");
    expect(await nextButton(page).isEnabled()).toBe(true);
    await nextButton(page).click();

    await page.getByText("Step 3 of 4").waitFor();
    await page.getByText("Select all that apply (at least one)").waitFor();
    expect(await nextButton(page).isDisabled()).toBe(true);
    expect(await reason()).toBe("Pick at least one interest to continue.");
    await page.getByLabel("Mobile Apps").click();
    expect(await nextButton(page).isEnabled()).toBe(true);
    await page.getByLabel("Mobile Apps").click();
    expect(await nextButton(page).isDisabled()).toBe(true);

    // Back keeps what was chosen.
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Developer Type").textContent()).toBe("Frontend Developer");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.getByLabel("Display Name").inputValue()).toBe("Grace");
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
  });
});

describe("settings", () => {
  test("a change survives a reload and the top bar shows the new name at once", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/settings");
    const name = page.getByLabel("Display Name");
    await expect.poll(() => name.inputValue()).not.toBe("");
    await name.fill("Grace Hopper");
    await choose(page, "Age", "30");
    await page.getByLabel("Bio").fill("Compilers, mostly.");
    await choose(page, "Preferred Region", "Canada");
    await page.getByLabel("Blockchain").click();

    const skill = page.getByLabel("Skills");
    const skills = page.getByRole("list", { name: "Skill list" });
    for (const typed of ["  COBOL ", "Fortran", "COBOL", "   ", "Lisp"]) {
      await skill.fill(typed);
      await skill.press("Enter");
    }
    expect(await skills.getByRole("listitem").allTextContents()).toEqual(["COBOL", "Fortran", "Lisp"]);
    await skills.getByRole("button", { name: "Remove Lisp" }).click();

    // Leaving with unsaved changes asks first; staying keeps every value typed.
    const warnings: string[] = [];
    page.once("dialog", (dialog) => {
      warnings.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "My Projects" }).first().click();
    await expect.poll(() => warnings).toEqual(["confirm"]);
    await expectUrl(page, "/settings");
    expect(await name.inputValue()).toBe("Grace Hopper");

    const save = holdRequests(page, "profiles.update");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await page.getByRole("button", { name: "Saving..." }).isDisabled()).toBe(true);
    save();
    await toast(page, "Profile Updated").waitFor();
    await page.getByRole("button", { name: "Account menu" }).getByText("Grace Hopper").waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel("Display Name").inputValue()).toBe("Grace Hopper");
    expect(await page.getByLabel("Age", { exact: true }).textContent()).toBe("30");
    expect(await page.getByLabel("Bio").inputValue()).toBe("Compilers, mostly.");
    expect(await page.getByLabel("Preferred Region").textContent()).toBe("Canada");
    expect(await page.getByLabel("Blockchain").getAttribute("aria-checked")).toBe("true");
    expect(await skills.getByRole("listitem").allTextContents()).toEqual(["COBOL", "Fortran"]);
  });

  test("each switch saves the moment it is turned, with a toast, and its help text follows it; the profile's fields wait for 'Save Changes'", async ({
    page,
  }) => {
    await signUpByApi(page);
    await page.goto("/settings");
    // What a screen reader reads after the switch's name: the text it is described by.
    const described = async (name: string) => {
      const id = await page.getByRole("checkbox", { name }).getAttribute("aria-describedby");
      return page.locator(`[id="${id}"]`).textContent();
    };
    const search = page.getByRole("checkbox", { name: "Show me in search" });
    await expect.poll(() => search.isEnabled()).toBe(true);
    expect(await search.getAttribute("aria-checked")).toBe("true");
    expect(await described("Show me in search")).toMatch(/^Shown in Find People/);
    // A name typed and not saved stays unsaved while a switch is turned.
    await page.getByLabel("Display Name").fill("Not Saved Yet");
    await search.click();
    await toast(page, "Hidden from search").waitFor();
    expect(await described("Show me in search")).toMatch(/^Hidden from Find People/);

    const receipts = page.getByRole("checkbox", { name: "Send read receipts" });
    expect(await described("Send read receipts")).toMatch(/^Others see ‘Seen’/);
    await receipts.click();
    await toast(page, "Read receipts off").waitFor();
    expect(await described("Send read receipts")).toMatch(/^Others don't see when you have read/);

    const byEmail = page.getByRole("checkbox", { name: "Mentions in chats by e-mail" });
    await byEmail.click();
    await toast(page, "Notifications Saved").getByText("E-mail off: Mentions in chats").waitFor();

    // Saved without 'Save Changes' (the page asks before dropping the typed name, and is told yes).
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect.poll(() => search.isEnabled()).toBe(true);
    expect(await search.getAttribute("aria-checked")).toBe("false");
    expect(await receipts.getAttribute("aria-checked")).toBe("false");
    await expect.poll(() => byEmail.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByLabel("Display Name").inputValue()).not.toBe("Not Saved Yet");
    expect(await page.getByRole("button", { name: "Save Changes" }).count()).toBe(1);
  });

  for (const width of [1280, 375]) {
    test(`Settings' section list jumps to a section and marks the one being read as the member scrolls, ${width} wide`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signUpByApi(page);
      await page.goto("/settings");
      const sections = page.getByRole("navigation", { name: "Settings sections" });
      const marked = () => sections.locator('[aria-current="location"]').textContent();
      await page.getByLabel("Display Name").waitFor();
      expect(await marked()).toBe("Plan");

      await sections.getByRole("link", { name: "Chats" }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe("#chats");
      await expect.poll(marked).toBe("Chats");
      // The section's top is in sight, below the top bar and, on a phone, the list that sticks under it.
      const chats = await page.locator("#chats").boundingBox();
      const list = await sections.boundingBox();
      expect(chats!.y).toBeGreaterThanOrEqual(list!.y + (width < 1024 ? list!.height : 0));
      expect(chats!.y).toBeLessThan(200);

      // Scrolling by hand moves the mark with the page: a section is being read once its top is up
      // where a jump would put it.
      await page.evaluate(() => document.getElementById("account")!.scrollIntoView());
      await expect.poll(marked).toBe("Account and security");
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(marked).toBe("Plan");
      // The list stays in reach while the page scrolls.
      await page.evaluate(() => window.scrollBy(0, 1500));
      expect(await sections.isVisible()).toBe(true);
      expect((await sections.boundingBox())!.y).toBeLessThan(200);
    });
  }

  test("a jump to a section lands on it though the sections around it were still loading", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpByApi(page);
    const sections = page.getByRole("navigation", { name: "Settings sections" });
    const marked = () => sections.locator('[aria-current="location"]').textContent();
    // Notifications' preferences (above Chats) and the signed-in devices (below it) answer only
    // once the member has jumped: the one grows the page above the section, the other below it.
    let answer!: () => void;
    const answered = new Promise<void>((done) => (answer = done));
    await page.route(/\/api\/trpc\/[^?]*(notifications\.preferences|account\.sessions)/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto("/settings");
    await page.getByLabel("Display Name").waitFor();
    await page.getByText("Loading your devices...").waitFor();
    await sections.getByRole("link", { name: "Chats" }).click();
    answer();
    await page.getByRole("checkbox", { name: "Mentions in chats by e-mail" }).waitFor();
    await page.getByRole("list", { name: "Signed-in devices" }).waitFor();
    await expect.poll(marked).toBe("Chats");
    // Where a jump puts a section on a wide screen: 6rem down, under the top bar.
    const top = (await page.locator("#chats").boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(90);
    expect(top).toBeLessThanOrEqual(100);
  });

  test("a jump to a section lets go when the member scrolls away by a means the page hears nothing of", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signUpByApi(page);
    let answer!: () => void;
    const answered = new Promise<void>((done) => (answer = done));
    await page.route(/\/api\/trpc\/[^?]*account\.sessions/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto("/settings");
    await page.getByText("Loading your devices...").waitFor();
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Chats" }).click();
    await expect.poll(async () => (await page.locator("#chats").boundingBox())!.y).toBeLessThanOrEqual(100);
    // The scroll bar dragged to the top: no wheel, key, touch or pointer reaches the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel("Display Name").waitFor();
    answer();
    await page.getByRole("list", { name: "Signed-in devices" }).waitFor();
    // The devices' list grew the page: it leaves the member at the top, where they went.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a new avatar shows in the top bar at once; a file that only claims to be a PNG is refused", async ({
    page,
  }) => {
    await signUpByApi(page);
    await page.goto("/settings");
    await chooseAvatar(page, { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
    await toast(page, "Profile Error").getByText("Only PNG, JPEG, WebP and GIF images can be uploaded.").waitFor();

    await chooseAvatar(page, { name: "me.png", mimeType: "image/png", buffer: png(32, [30, 120, 220]) });
    await toast(page, "Avatar Uploaded").waitFor();
    const first = await topBarAvatarSrc(page);
    expect(first).toMatch(/^\/api\/avatars\/.+\.png$/);

    await chooseAvatar(page, { name: "other.png", mimeType: "image/png", buffer: png(32, [20, 180, 60]) });
    await expect.poll(() => topBarAvatarSrc(page)).not.toBe(first);
    await page.reload();
    expect(await topBarAvatarSrc(page)).not.toBe(first);
  });
});
