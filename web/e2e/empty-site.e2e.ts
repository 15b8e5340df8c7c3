// Own host: its subject is a site on which no one has published yet, which the shared host never is.
/** A newcomer's first look around a brand-new site, with nothing yet to browse. */
import { expect } from "vitest";
import { ownHostTest as test } from "./harness";
import { projectCards, signUpByApi, toast } from "./ui";

test("All Projects on a site with no project asks the newcomer to create the first, and lists it once made", async ({
  page,
}) => {
  await signUpByApi(page);
  await page.goto("/all-projects");
  const main = page.getByRole("main");
  await main.getByRole("heading", { name: "No projects yet" }).waitFor();
  // Nothing was searched or filtered: there is nothing to clear.
  expect(await main.getByText("No project matches your search and filters").count()).toBe(0);
  expect(await main.getByRole("button", { name: "Clear filters" }).count()).toBe(0);

  await main.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Project" });
  await dialog.getByLabel("Title").fill("First Light");
  await dialog.getByLabel("Category").click();
  await page.getByRole("option", { name: "Web Development", exact: true }).click();
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await toast(page, "Project Created").waitFor();
  // The list shows it at once, in place of the invitation.
  await projectCards(page).filter({ hasText: "First Light" }).waitFor();
  expect(await main.getByRole("heading", { name: "No projects yet" }).count()).toBe(0);
  // A search that finds nothing still says so, with the way back.
  await page.goto("/all-projects?search=nothing-like-this");
  await main.getByRole("heading", { name: "No projects found" }).waitFor();
  await main.getByRole("button", { name: "Clear filters" }).waitFor();
});
