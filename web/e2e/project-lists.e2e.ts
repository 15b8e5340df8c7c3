/** My Projects and All Projects as a member filters them: counts, filters kept in the URL, a way back. */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { call, projectCards, signUpByApi } from "./ui";

const count = (page: Page) => page.getByRole("main").getByRole("status");

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("main").getByLabel(label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function twoProjects(page: Page) {
  await signUpByApi(page);
  await call(page, "projects.create", { title: "Orbit Planner", category: "Mobile Apps", status: "open" });
  await call(page, "projects.create", { title: "Tide Tables", category: "Data Science", status: "completed" });
}

describe("My Projects", () => {
  test("the count follows the filters, which stay in the URL through a reload", async ({ page }) => {
    await twoProjects(page);
    await page.goto("/my-projects");
    await count(page).getByText("2 projects", { exact: true }).waitFor();

    await choose(page, "Category", "Mobile Apps");
    await page.waitForURL((url) => url.searchParams.get("category") === "Mobile Apps");
    await count(page).getByText("1 project", { exact: true }).waitFor();
    await projectCards(page, "Owned projects").filter({ hasText: "Orbit Planner" }).first().waitFor();
    expect(await projectCards(page, "Owned projects").filter({ hasText: "Tide Tables" }).count()).toBe(0);

    await page.reload();
    await count(page).getByText("1 project", { exact: true }).waitFor();
    expect(await page.getByRole("main").getByLabel("Category").innerText()).toBe("Mobile Apps");

    await choose(page, "Status", "Completed");
    await page.getByText("No projects match your filters").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL((url) => url.search === "");
    await count(page).getByText("2 projects", { exact: true }).waitFor();
  });
});

describe("All Projects", () => {
  test("'No projects found' offers Clear filters, which brings every project back", async ({ page }) => {
    await twoProjects(page);
    await page.goto("/all-projects?search=nothing-like-this&status=on_hold");
    await page.getByText("No projects found").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL((url) => url.search === "");
    // Everyone's projects: the host's other members have some too, often more than one page holds.
    await projectCards(page).filter({ hasText: "Tide Tables" }).first().waitFor();
    expect(await count(page).innerText()).toMatch(/^(\d+ projects|Showing the first \d+ projects)$/);
    expect(await page.getByRole("searchbox", { name: "Search projects" }).inputValue()).toBe("");
  });
});

/** The procedures of each tRPC request made while `act` ran: one list per request. */
async function requestsDuring(page: Page, act: () => Promise<void>) {
  const requests: string[][] = [];
  const record = (request: { url: () => string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/trpc/")) requests.push(pathname.slice("/api/trpc/".length).split(","));
  };
  page.on("request", record);
  try {
    await act();
  } finally {
    page.off("request", record);
  }
  return requests;
}

/** How often a procedure was asked for, batched or not. */
const timesAsked = (requests: string[][], name: string) => requests.flat().filter((asked) => asked === name).length;

describe("Opening a page", () => {
  test("asks for what it shows once: what its loader fetched is not fetched again as it mounts", async ({ page }) => {
    await twoProjects(page);
    const opened = await requestsDuring(page, async () => {
      await page.goto("/dashboard");
      await page.getByText(/^Welcome(?: back)?, /).waitFor();
      await page.getByRole("main").getByText("Orbit Planner").waitFor();
      await page.waitForLoadState("networkidle");
    });
    for (const name of ["projects.stats", "projects.recent"]) expect(timesAsked(opened, name), name).toBe(1);

    const navigated = await requestsDuring(page, async () => {
      await page.getByRole("navigation").getByRole("link", { name: "All Projects" }).first().click();
      await projectCards(page).filter({ hasText: "Tide Tables" }).first().waitFor();
      await page.waitForLoadState("networkidle");
    });
    expect(timesAsked(navigated, "projects.list")).toBe(1);
  });

  test("asks for its data in the same request as the session check, not one round trip after it", async ({ page }) => {
    await twoProjects(page);
    const opened = await requestsDuring(page, async () => {
      await page.goto("/all-projects");
      await projectCards(page).filter({ hasText: "Tide Tables" }).first().waitFor();
    });
    expect(opened.find((procedures) => procedures.includes("projects.list"))).toEqual(
      expect.arrayContaining(["auth.me", "projects.list"]),
    );
  });
});
