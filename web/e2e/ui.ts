/** What a member does and sees, in the words of the pages: labels, button names, toast titles. */
import type { Locator, Page } from "playwright-core";

export interface Member {
  displayName: string;
  email: string;
  password: string;
}

let made = 0;

/** A member nobody has signed up yet: one database serves a whole test file. */
export function newMember(): Member {
  const id = `${Date.now().toString(36)}${++made}`;
  return { displayName: `Ada ${id}`, email: `ada.${id}@example.com`, password: "correct horse" };
}

/** Waits until the address bar shows this path and query (the SPA navigates without reloading). */
export async function expectUrl(page: Page, pathname: string, search = "") {
  await page.waitForURL((url) => url.pathname === pathname && url.search === search);
}

/** A toast with this title, in sonner's notification region. */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

/** The form under one of the /auth tabs ('Sign In' or 'Sign Up'), after choosing that tab. */
export async function authForm(page: Page, tab: "Sign In" | "Sign Up"): Promise<Locator> {
  await page.getByRole("tab", { name: tab }).click();
  return page.getByRole("tabpanel", { name: tab });
}

export async function fillSignUp(page: Page, member: Member) {
  await page.goto("/auth");
  const form = await authForm(page, "Sign Up");
  await form.getByLabel("Display Name").fill(member.displayName);
  await form.getByLabel("Email").fill(member.email);
  // Exact: the show/hide toggle's label ('Show password') contains the word too.
  await form.getByLabel("Password", { exact: true }).fill(member.password);
  return form;
}

/** Signs a new member up through the form and waits for onboarding, where sign-up leads. */
export async function signUp(page: Page, member = newMember()) {
  const form = await fillSignUp(page, member);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expectUrl(page, "/onboarding");
  return member;
}

export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  const form = await authForm(page, "Sign In");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  return form;
}

/** Opens the top bar's account menu and returns it. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Account menu" }).click();
  return page.getByRole("menu");
}

/** Calls a procedure as the signed-in page would; for set-up that is not under test. */
export async function callApi(page: Page, procedure: string, input: unknown) {
  const status = await page.evaluate(
    async ({ procedure, input }) => {
      const response = await fetch(`/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ json: input }),
      });
      return response.status;
    },
    { procedure, input },
  );
  if (status !== 200) throw new Error(`${procedure} answered ${status}`);
}

export interface NewProject {
  title: string;
  category: string;
  status?: "open" | "in_progress" | "completed" | "on_hold";
  description?: string;
  members?: number;
}

export const createProject = (page: Page, project: NewProject) => callApi(page, "projects.create", project);

/** Saves what onboarding asks for, as its last step does, so the member counts as set up. */
export const finishOnboarding = (page: Page, member: Member, specialization: string | null = null) =>
  callApi(page, "profiles.completeOnboarding", {
    displayName: member.displayName,
    bio: null,
    developerType: "Backend Developer",
    experience: "Expert (5+ years)",
    specialization,
    region: "Canada",
    interestedProjects: ["Web Development"],
  });
