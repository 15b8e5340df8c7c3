/** What a member does and sees, in the words of the pages: labels, button names, toast titles. */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { RunningHost } from "@testing/host";
import { ACTION_TIMEOUT_MS } from "./harness";

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

/**
 * Waits until the address bar shows this path and query. The SPA navigates without reloading, so
 * this waits for the address, not for a page load; a timeout names the address it ended on.
 */
export async function expectUrl(page: Page, pathname: string, search = "") {
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return url.pathname + url.search;
      },
      { timeout: ACTION_TIMEOUT_MS },
    )
    .toBe(pathname + search);
}

/**
 * Waits until the app has taken over a page the build rendered ahead of time (/ and /pricing): its
 * root loses `data-prerendered`. Until then the page reads and its links work, but its buttons do
 * nothing yet; on any other page it returns at once.
 */
export async function live(page: Page) {
  await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached" });
}

/**
 * A signed-in page as the app shows it: its heading and the account menu, which only the live app
 * draws, with a session (the outline the build rendered for the page carries the heading alone).
 */
export async function signedInPage(page: Page, heading: string) {
  await page.getByRole("heading", { name: heading }).waitFor();
  await page.getByRole("button", { name: "Account menu" }).waitFor();
}

/** A toast with this title, in sonner's notification region. */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

/**
 * A chat's conversation. On a wide screen the chat page lists the member's chats beside it, each
 * with its newest message: text a test reads in the conversation is read here, not page-wide.
 */
export const messageList = (page: Page) => page.getByRole("list", { name: "Messages" });

/**
 * Scrolls the open chat down to its newest message, as a member flicks to it: only the rows near
 * the view are rendered, so a row far below is not in the page until then.
 */
export const toNewest = (page: Page) =>
  page.getByTestId("message-scroller").evaluate((el) => el.scrollTo({ top: el.scrollHeight }));

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

/**
 * A page of the site that runs none of the app, for the calls a test makes before it opens one. Not
 * a route answered in the browser: interception would stay on for the page's whole life (harness.ts).
 */
const SITE_BLANK = "/api/health";

/**
 * Signs a new member up through the API with this page's cookies, for tests whose subject is not
 * the sign-up form (auth.e2e.ts clicks through that): the page is left on a blank page of the site.
 */
export async function signUpByApi(page: Page, member: Member = newMember()): Promise<Member & { id: string }> {
  const { displayName, email, password } = member;
  await page.goto(SITE_BLANK);
  const { id } = await call<{ id: string }>(page, "auth.signUp", { displayName, email, password });
  return { displayName, email, password, id };
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

/** Uploads a file into the chat from the member's page: `text`, or a picture drawn there. */
export async function uploadFrom(page: Page, chatId: string, name: string, text: string) {
  const { status, id } = await page.evaluate(
    async ([chatId, name, text]) => {
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [320, 200];
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#0ea5e9";
      context.fillRect(0, 0, 320, 200);
      const picture = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      const form = new FormData();
      form.append("chatId", chatId);
      form.append("file", text === "picture" ? picture : new Blob([text]), name);
      const response = await fetch("/api/trpc/attachments.upload", { method: "POST", body: form });
      const body = (await response.json()) as { result: { data: { json: { id: string } } } };
      return { status: response.status, id: body.result?.data.json.id };
    },
    [chatId, name, text] as const,
  );
  expect(status).toBe(200);
  return id;
}

/** Set-up that is not under test goes through the API, as the signed-in page would call it. */
export async function call<T = unknown>(
  page: Page,
  path: string,
  input: unknown,
  method: "GET" | "POST" = "POST",
): Promise<T> {
  const { status, body } = await page.evaluate(
    async ([path, input, method]) => {
      const json = JSON.stringify({ json: input });
      const response =
        method === "GET"
          ? await fetch(`/api/trpc/${path}?input=${encodeURIComponent(json)}`)
          : await fetch(`/api/trpc/${path}`, { method, headers: { "content-type": "application/json" }, body: json });
      return { status: response.status, body: (await response.json()) as { result: { data: { json: unknown } } } };
    },
    [path, input, method] as const,
  );
  expect(status).toBe(200);
  return body.result.data.json as T;
}

/** A Pro purchase Stripe has confirmed, written as the webhook would leave it, for pages that show one. */
export async function paidPurchase(app: RunningHost, userId: string, sessionId: string) {
  const db = app.openDatabase();
  try {
    await db.batch([
      {
        sql: `INSERT INTO payments (id, user_id, stripe_session_id, amount, currency, status, paid_at)
              VALUES (?, ?, ?, 999, 'usd', 'paid', ?)`,
        args: [crypto.randomUUID(), userId, sessionId, Date.now()],
      },
      { sql: "UPDATE profiles SET subscription_status = 'lifetime' WHERE id = ?", args: [userId] },
    ]);
  } finally {
    db.close();
  }
}

export interface NewProject {
  title: string;
  category: string;
  status?: "open" | "in_progress" | "completed" | "on_hold";
  description?: string;
  members?: number;
}

export const createProject = (page: Page, project: NewProject) => call(page, "projects.create", project);

/**
 * The cards of a project list, by the list's exact name: "Projects" on All Projects, "Owned
 * projects" on My Projects. Exact, so the dashboard's "Recent projects" is never taken for either.
 */
export const projectCards = (page: Page, list: "Projects" | "Owned projects" = "Projects") =>
  page.getByRole("list", { name: list, exact: true }).getByRole("listitem");

/** Saves what onboarding asks for, as its last step does, so the member counts as set up. */
export const finishOnboarding = (page: Page, member: Member, specialization: string | null = null) =>
  call(page, "profiles.completeOnboarding", {
    displayName: member.displayName,
    bio: null,
    developerType: "Backend Developer",
    experience: "Expert (5+ years)",
    specialization,
    region: "Canada",
    interestedProjects: ["Web Development"],
  });

/**
 * Axe for this page. Legacy mode runs axe once inside the page; the default mode also opens a blank
 * page per run to merge each frame's results, which doubled a scan's time. Our pages have no
 * cross-origin frames for that mode to reach, so every rule sees what it saw before.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/**
 * Axe over the page each time `scan` is called, gathering every serious or critical violation
 * (rule, impact, up to three elements) under the label of that moment, so that one test reports
 * all the pages and states it went through at once.
 */
export function axeScanner(page: Page) {
  const found: string[] = [];
  const scan = async (label: string) => {
    const { violations } = await axeOn(page).analyze();
    for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
      found.push(
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
      );
    }
  };
  return { found, scan };
}
