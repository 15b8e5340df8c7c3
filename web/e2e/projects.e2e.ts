/** Projects as members click through them: create, edit, delete, browse and filter, join a team. */
import type { Page, Response } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { axeScanner, createProject, projectCards, signUpByApi, toast } from "./ui";

/** Picks an option of a Radix select found by its label. */
/** One procedure's answer out of a (possibly batched) tRPC response. */
async function batchResult(response: Response, path: string) {
  const paths = new URL(response.url()).pathname.split("/").pop()!.split(",");
  const body = (await response.json()) as unknown;
  const results = (Array.isArray(body) ? body : [body]) as { result: { data: { json: unknown } } }[];
  return results[paths.indexOf(path)]?.result.data.json;
}

async function choose(page: Page, scope: ReturnType<Page["locator"]> | Page, label: string, option: string) {
  await scope.getByLabel(label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("owning a project", () => {
  test("create from the dashboard, see it in Recent Projects and My Projects, edit it, delete it", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/dashboard");
    await page.getByText("No recent projects found. Create your first project to get started!").waitFor();

    await page.getByRole("button", { name: "Create Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Project" });
    await dialog.getByRole("button", { name: "Create Project" }).click();
    // The open dialog hides the rest of the page from the accessibility tree, notifications included.
    await page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Missing Information" })
      .getByText("Please fill in all required fields.")
      .waitFor();

    await dialog.getByLabel("Title").fill("Orbit Planner");
    await choose(page, dialog, "Category", "Mobile Apps");
    await dialog.getByLabel("Description").fill("Plans orbits for hobby satellites.");
    await dialog.getByLabel("Tech Stack").fill(" Kotlin ");
    await dialog.getByLabel("Tech Stack").press("Enter");
    await dialog.getByLabel("Tech Stack").fill("Kotlin");
    await dialog.getByLabel("Tech Stack").press("Enter");
    expect(await dialog.getByRole("list", { name: "Technology list" }).getByRole("listitem").count()).toBe(1);
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await toast(page, "Project Created").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const recent = page.getByRole("list", { name: "Recent projects" });
    await recent.getByText("Orbit Planner").waitFor();
    await recent.getByText("Open for Collaboration").waitFor();
    await page.getByLabel("Active Projects: 1").waitFor();

    await page.goto("/my-projects");
    const card = projectCards(page, "Owned projects").filter({ hasText: "Orbit Planner" });
    await card.getByText("Kotlin").waitFor();

    await card.getByRole("button", { name: "Edit Project" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    // The dialog starts from the project as the server has it now.
    await edit.getByText("Update the details of your project.").waitFor();
    expect(await edit.getByLabel("Title").inputValue()).toBe("Orbit Planner");
    await edit.getByLabel("Title").fill("Orbit Planner Pro");
    await choose(page, edit, "Status", "In Progress");
    await choose(page, edit, "Budget Range", "Under $1,000");
    await edit.getByLabel("GitHub URL").fill("https://github.com/example/orbit");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Project Updated!").waitFor();

    const edited = projectCards(page, "Owned projects").filter({ hasText: "Orbit Planner Pro" });
    await edited.getByText("In Progress").waitFor();
    await edited.getByText("Under $1,000").waitFor();
    const code = edited.getByRole("link", { name: "Code" });
    expect(await code.getAttribute("href")).toBe("https://github.com/example/orbit");
    expect(await code.getAttribute("target")).toBe("_blank");
    expect(await code.getAttribute("rel")).toContain("noopener");
    // No demo link was given, so none is shown.
    expect(await edited.getByRole("link", { name: "Demo" }).count()).toBe(0);

    // Filters that match none of the member's projects say so, differently from having none.
    await choose(page, page, "Status", "Completed");
    await page.getByRole("heading", { name: "No projects match your filters" }).waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await edited.waitFor();

    await edited.getByRole("button", { name: "Delete Project" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Project" });
    await confirm.getByText("This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await edited.waitFor();

    await edited.getByRole("button", { name: "Delete Project" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Project Deleted!").waitFor();
    await page.getByRole("heading", { name: "No projects yet" }).waitFor();
  });

  test("the detail page shows the project's cards; the owner deletes it from there and lands on My Projects", async ({
    page,
  }) => {
    await signUpByApi(page);
    await page.goto("/my-projects");
    await createProject(page, { title: "Detail Check", category: "IoT", description: "Sensors everywhere." });
    await page.reload();
    await projectCards(page, "Owned projects").getByRole("link", { name: "Detail Check" }).click();
    await page.getByRole("heading", { name: "Detail Check" }).waitFor();
    for (const heading of ["Progress", "Features", "Skills & Tech Stack", "Status", "Project Owner", "Team"]) {
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    }
    // The owner edits and deletes; only others ask to join.
    expect(await page.getByRole("button", { name: "Request to Join" }).count()).toBe(0);

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await toast(page, "Project Deleted!").waitFor();
    await page.waitForURL((url) => url.pathname === "/my-projects");

    await page.goto("/project/no-such-project");
    await page.getByRole("heading", { name: "Project Not Found" }).waitFor();
    await page.getByRole("link", { name: "Back to Projects" }).click();
    await page.waitForURL((url) => url.pathname === "/my-projects");
  });
});

describe("free plan", () => {
  test("Create Project shows the plan's use, and at the limit refuses before the form, with the way to Pro", async ({
    page,
  }) => {
    await signUpByApi(page);
    await page.goto("/my-projects");
    for (const title of ["One", "Two"]) await createProject(page, { title, category: "Other" });
    await page.reload();
    // A member reaches for the button once the page shows their two projects.
    await page.getByText("2 projects", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Create Project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Project" });
    await dialog.getByText("2 of 3 projects used").waitFor();
    await dialog.getByLabel("Title").fill("Three");
    await choose(page, dialog, "Category", "Other");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await toast(page, "Project Created").waitFor();
    await dialog.waitFor({ state: "hidden" });

    // At the limit nothing is there to fill in: the reason and the way to Pro come first.
    await page.getByRole("button", { name: "Create Project" }).first().click();
    await dialog.getByText("3 of 3 projects used").waitFor();
    await dialog.getByRole("alert").getByText("The free plan includes up to 3 projects.").waitFor();
    expect(await dialog.getByLabel("Title").count()).toBe(0);
    await dialog.getByRole("link", { name: "Upgrade to Pro" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    // The real purchase, not a promise of one.
    await page.getByRole("button", { name: "Get Lifetime Access" }).waitFor();
  });
});

describe("project dialog", () => {
  test("the dashboard shows without the form's code, which comes when the member opens it", async ({ page }) => {
    await signUpByApi(page);
    const formCode: string[] = [];
    page.on("request", (request) => {
      // The form itself: not the small button-side chunk, project-form-dialog.
      if (/\/assets\/project-form-[a-z0-9]+\.js$/.test(request.url())) formCode.push(request.url());
    });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Create Project" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(formCode).toEqual([]);

    // Found by its markup: while the dialog is open the page behind it is hidden from the
    // accessibility tree, where the dialog's own button has the same name.
    const opener = page.locator("button[aria-haspopup='dialog']", { hasText: "Create Project" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Create New Project" });
    await dialog.getByLabel("Title").waitFor();
    expect(formCode).toHaveLength(1);
    expect(await opener.getAttribute("aria-expanded")).toBe("true");
    // Escape closes it, and focus is back on the button that opened it.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await opener.getAttribute("aria-expanded")).toBe("false");
  });

  test("an empty submit marks each field to fix, says why beside it and puts the cursor in the first", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signUpByApi(page);
    await page.goto("/my-projects");
    await page.getByRole("button", { name: "Create Project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Project" });
    const create = dialog.getByRole("button", { name: "Create Project" });

    // The footer stays in sight while the long form scrolls under it.
    await dialog.getByLabel("Tech Stack").scrollIntoViewIfNeeded();
    const box = (await create.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    await create.click();

    const title = dialog.getByLabel("Title");
    await dialog.getByText("Please enter a title.").waitFor();
    await dialog.getByText("Please choose a category.").waitFor();
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Category").getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("project-title");

    await title.fill("Orbit");
    expect(await dialog.getByText("Please enter a title.").count()).toBe(0);
    await create.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("project-category");
    expect(await title.getAttribute("aria-invalid")).toBeNull();
  });

  test("list placeholders show whole on a 375 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signUpByApi(page);
    await page.goto("/my-projects");
    await page.getByRole("button", { name: "Create Project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Project" });
    for (const label of [
      "Planned Features",
      "Completed Features",
      "Pending Features",
      "Skills Required",
      "Tech Stack",
    ]) {
      const fits = await dialog.getByLabel(label).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width <= room;
      });
      expect(fits, label).toBe(true);
    }
  });

  test("links are checked by the server's rules before anything is sent", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/my-projects");
    await createProject(page, { title: "Linked", category: "Other" });
    await page.reload();
    await projectCards(page, "Owned projects")
      .filter({ hasText: "Linked" })
      .getByRole("button", { name: "Edit Project" })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    await expect.poll(() => edit.getByLabel("Title").inputValue()).toBe("Linked");
    const updates: string[] = [];
    page.on("request", (request) => request.url().includes("projects.update") && updates.push(request.url()));

    await edit.getByLabel("GitHub URL").fill("github.com/example/linked");
    await edit.getByLabel("Demo URL").fill("javascript:alert(1)");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("GitHub URL must be a link starting with http:// or https://.").waitFor();
    await edit.getByText("Demo URL must be a link starting with http:// or https://.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("project-githubUrl");
    expect(updates).toEqual([]);

    await edit.getByLabel("GitHub URL").fill("https://github.com/example/linked");
    await edit.getByLabel("Demo URL").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Project Updated!").waitFor();
  });
});

describe("browsing", () => {
  test("a dashboard category card opens All Projects filtered by it; filters live in the URL", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/dashboard");
    await createProject(page, { title: "Web Thing", category: "Web Development", status: "completed" });
    await createProject(page, { title: "Phone Thing", category: "Mobile Apps", status: "open" });
    await page.reload();

    await page.getByRole("link", { name: /Web Development\s*1 project/ }).click();
    await page.waitForURL(
      (url) => url.pathname === "/all-projects" && url.searchParams.get("category") === "Web Development",
    );
    await page.getByText("Showing projects in Web Development").waitFor();
    await projectCards(page).filter({ hasText: "Web Thing" }).waitFor();
    expect(await projectCards(page).filter({ hasText: "Phone Thing" }).count()).toBe(0);

    await choose(page, page, "Status", "Open for Collaboration");
    await page.getByRole("heading", { name: "No projects found" }).waitFor();
    await page.waitForURL((url) => url.searchParams.get("status") === "open");
    await choose(page, page, "Status", "Completed");
    await projectCards(page).filter({ hasText: "Web Thing" }).waitFor();

    await page.getByRole("button", { name: "Clear filter" }).click();
    await page.waitForURL((url) => !url.searchParams.has("category"));
    await choose(page, page, "Status", "All Statuses");
    await projectCards(page).filter({ hasText: "Phone Thing" }).waitFor();
    await projectCards(page).filter({ hasText: "Web Thing" }).waitFor();

    // A shared link reproduces the view, including the spec's 'in-progress' spelling.
    await page.goto("/all-projects?category=Mobile%20Apps&status=in-progress");
    await page.getByText("Showing projects in Mobile Apps").waitFor();
    await page.getByLabel("Status").getByText("In Progress").waitFor();
    await page.getByRole("heading", { name: "No projects found" }).waitFor();
  });

  test("the search box follows the URL when a link changes it, not only when typing", async ({ page }) => {
    await signUpByApi(page);
    await page.goto("/my-projects");
    await createProject(page, { title: "Quokka Tracker", category: "IoT" });
    await page.goto("/all-projects");
    const box = page.getByLabel("Search projects");
    await box.fill("nothing matches this");
    await page.waitForURL((url) => url.searchParams.get("search") === "nothing matches this");
    await page.getByRole("heading", { name: "No projects found" }).waitFor();

    await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "All Projects" }).click();
    await page.waitForURL((url) => url.pathname === "/all-projects" && !url.searchParams.has("search"));
    await projectCards(page).filter({ hasText: "Quokka Tracker" }).waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
  });
});

describe("joining a team", () => {
  test("another member finds a project by search, asks to join, the owner accepts, the team shows them", async ({
    page,
    newPage,
  }) => {
    const owner = await signUpByApi(page);
    await page.goto("/my-projects");
    await createProject(page, {
      title: "Zephyrine Rover",
      category: "IoT",
      description: "A rover for Mars-like deserts.",
    });

    const other = await newPage();
    const joiner = await signUpByApi(other);
    await other.goto("/all-projects");
    await other.getByLabel("Search projects").fill("rover OR nothing");
    await other.getByRole("heading", { name: "No projects found" }).waitFor();
    // Quotes and percent signs are plain text, not search syntax; the last word matches as a prefix.
    await other.getByLabel("Search projects").fill('"zephyr%');
    await other.waitForURL((url) => url.searchParams.get("search") === '"zephyr%');
    await projectCards(other).getByRole("link", { name: "Zephyrine Rover" }).click();
    await other.getByRole("heading", { name: "Zephyrine Rover" }).waitFor();
    await other.getByText(owner.displayName).first().waitFor();

    await other.getByRole("button", { name: "Request to Join" }).click();
    await toast(other, "Request to join sent!").waitFor();
    await other.getByRole("button", { name: "Request Sent" }).waitFor();
    await other.reload();
    await other.getByRole("button", { name: "Request Sent" }).waitFor();
    expect(await other.getByRole("button", { name: "Request Sent" }).isDisabled()).toBe(true);

    await page.goto(other.url());
    const requests = page.getByRole("list", { name: "Join requests" });
    await requests.getByText(joiner.displayName).waitFor();
    await page.getByRole("button", { name: `Accept ${joiner.displayName}` }).click();
    await page.getByRole("list", { name: "Team members" }).getByText(joiner.displayName).waitFor();
    await requests.waitFor({ state: "detached" });

    await other.reload();
    await toast(other, "Project Joined").getByText("You have successfully joined the project!").waitFor();
    await other.getByRole("list", { name: "Team members" }).getByText(joiner.displayName).waitFor();
    // Told once: the dashboard, which announces acceptances too, stays quiet about this one.
    const projectUrl = other.url();
    const unseen = other.waitForResponse((r) => r.url().includes("joinRequests.unseenAcceptances"));
    await other.goto("/dashboard");
    // The dashboard announces what the server lists as unseen: nothing, now.
    expect(await batchResult(await unseen, "joinRequests.unseenAcceptances")).toEqual([]);
    await other.getByRole("list", { name: "Recent projects" }).getByText("Zephyrine Rover").waitFor();
    expect(await toast(other, "Project Joined").count()).toBe(0);
    await other.goto(projectUrl);
    await other.getByRole("button", { name: "Leave Project" }).click();
    await other.getByRole("alertdialog").getByRole("button", { name: "Leave Project" }).click();
    await toast(other, "Project Left").getByText("You have left the project.").waitFor();
    await other.getByRole("button", { name: "Request to Join" }).waitFor();
    expect(await other.getByRole("list", { name: "Team members" }).getByText(joiner.displayName).count()).toBe(0);
  });
});

describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`no serious or critical axe violations on the project pages, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await signUpByApi(page);
      await page.goto("/dashboard");
      // Three is the free plan's allowance; together the two schemes show every status colour.
      const statuses =
        scheme === "light"
          ? (["open", "in_progress", "on_hold"] as const)
          : (["completed", "in_progress", "on_hold"] as const);
      for (const status of statuses) {
        await createProject(page, { title: `Axe ${status}`, category: "Web Development", status });
      }
      const { found, scan } = axeScanner(page);
      await page.reload();
      await page.getByRole("list", { name: "Recent projects" }).waitFor();
      await scan("/dashboard");
      await page.getByRole("button", { name: "Create Project" }).click();
      await page.getByRole("dialog").waitFor();
      await scan("create dialog");
      await page.keyboard.press("Escape");
      await page.goto("/all-projects?category=Web%20Development");
      await projectCards(page).first().waitFor();
      await scan("/all-projects");
      await page.goto("/my-projects");
      await projectCards(page, "Owned projects").first().waitFor();
      await scan("/my-projects");
      await projectCards(page, "Owned projects").getByRole("link", { name: "Axe on_hold" }).click();
      await page.getByRole("heading", { name: "Project Owner" }).waitFor();
      await scan("/project/$id");
      expect(found).toEqual([]);
    });
  }
});
