/**
 * Project membership as two members live it: the owner learns of a join request from the dashboard
 * and the sidebar, the member finds the project they joined among their own, the dashboard tells
 * their own figures from the site's.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./harness";
import { createProject, finishOnboarding, signUpByApi, toast } from "./ui";

/** One of the dashboard's figures, as a screen reader reads it ('Join Requests Waiting: 1'). */
const figure = (page: Page, section: string, label: string, value: number) =>
  page.getByRole("region", { name: section }).getByLabel(`${label}: ${value}`);

describe("project membership", () => {
  test("the owner answers a join request from the dashboard; the member finds the project as theirs", async ({
    page,
    newPage,
  }) => {
    const owner = await signUpByApi(page);
    await finishOnboarding(page, owner);
    await page.goto("/dashboard");
    await createProject(page, { title: "Nebula Forge", category: "IoT", members: 4 });
    const projectUrl = await page.evaluate(async () => {
      const response = await fetch("/api/trpc/projects.recent");
      const body = (await response.json()) as { result: { data: { json: { id: string }[] } } };
      return `/project/${body.result.data.json[0]!.id}`;
    });

    // The team as it is, of the size the owner asked for: the owner alone so far.
    await page.goto("/my-projects");
    await page.getByRole("list", { name: "Owned projects" }).getByText("1 of 4 members", { exact: true }).waitFor();

    const other = await newPage();
    const joiner = await signUpByApi(other);
    await finishOnboarding(other, joiner, "Data Science");
    await other.goto(projectUrl);
    await other.getByRole("button", { name: "Request to Join" }).click();
    await toast(other, "Request to join sent!").waitFor();

    // The owner hears of it on the dashboard and beside My Projects, without opening the project.
    await page.goto("/dashboard");
    await figure(page, "Your Projects", "Join Requests Waiting", 1).waitFor();
    await figure(page, "Your Projects", "My Projects", 1).waitFor();
    const badge = page.getByRole("complementary", { name: "Sidebar" }).getByTestId("join-requests-waiting");
    expect(await badge.textContent()).toBe("1");
    await page.getByRole("link", { name: "My Projects, 1 waiting to join" }).waitFor();
    const waiting = page.getByRole("list", { name: "Join requests waiting" });
    await waiting.getByText(`${joiner.displayName} wants to join Nebula Forge`).waitFor();
    await waiting.getByRole("button", { name: `Accept ${joiner.displayName} into Nebula Forge` }).click();
    await toast(page, "Request Accepted").waitFor();
    await page.getByText("No one is waiting to join your projects.").waitFor();
    await figure(page, "Your Projects", "Join Requests Waiting", 0).waitFor();
    await badge.waitFor({ state: "detached" });

    // The member finds the project among their own: on the dashboard and in My Projects.
    await other.goto("/dashboard");
    await figure(other, "Your Projects", "Projects Joined", 1).waitFor();
    const recent = other.getByRole("list", { name: "Recent projects" }).getByRole("listitem");
    await recent.filter({ hasText: "Nebula Forge" }).getByText("Joined", { exact: true }).waitFor();
    await recent.filter({ hasText: "Nebula Forge" }).getByText("2 of 4 members", { exact: true }).waitFor();
    await other.goto("/my-projects");
    await other.getByRole("list", { name: "Joined projects", exact: true }).getByText("Nebula Forge").waitFor();

    // The team card names roles, and the planned size reads against the team there is.
    await other.goto(projectUrl);
    const team = other.getByRole("list", { name: "Team members" }).getByRole("listitem");
    await team.filter({ hasText: owner.displayName }).getByText("Owner", { exact: true }).waitFor();
    const member = team.filter({ hasText: joiner.displayName });
    await member.getByText("Member", { exact: true }).waitFor();
    expect(await member.textContent()).not.toContain("Data Science");
    await other.getByText("Planned Team Size").waitFor();
    await other.getByText("2 of 4", { exact: true }).waitFor();

    // Leaving asks first; Cancel keeps the member on the team.
    await other.getByRole("button", { name: "Leave Project" }).click();
    const confirm = other.getByRole("alertdialog", { name: "Leave Project" });
    await confirm.getByText('Leave "Nebula Forge"?', { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await toast(other, "Project Left").count()).toBe(0);
    await other.getByRole("button", { name: "Leave Project" }).click();
    await confirm.getByRole("button", { name: "Leave Project" }).click();
    await toast(other, "Project Left").waitFor();
    await other.getByRole("button", { name: "Request to Join" }).waitFor();
  });
});

describe("dashboard figures", () => {
  test("the four site-wide figures say so, and the member's own counts stand beside them", async ({
    page,
    newPage,
  }) => {
    const someone = await newPage();
    await signUpByApi(someone);
    await createProject(someone, { title: "Someone else's", category: "IoT", members: 7 });

    await signUpByApi(page);
    await page.goto("/dashboard");
    const site = page.getByRole("region", { name: "Across Crewboard" });
    await site.getByText("Every project on the site, not only yours.").waitFor();
    for (const label of ["Active Projects", "Completed Projects", "In Progress", "Team Members"]) {
      await site.getByText(label, { exact: true }).waitFor();
    }
    // Someone else's project counts across the site, never as the member's own.
    expect(await site.getByLabel(/^Active Projects: [1-9]/).count()).toBe(1);
    await figure(page, "Your Projects", "My Projects", 0).waitFor();
    await figure(page, "Your Projects", "Projects Joined", 0).waitFor();
    await figure(page, "Your Projects", "Join Requests Waiting", 0).waitFor();
    await page.getByText("No recent projects found. Create your first project to get started!").waitFor();
  });
});
