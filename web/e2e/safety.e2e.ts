// Own host: ADMIN_EMAILS names its moderator, and the desk it checks lists every report on the host.
/**
 * Safety as members and an administrator meet it: blocking from a chat and a profile, what the
 * blocked member then gets, unblocking in Settings, reports from a project page and a message's
 * menu, the moderation desk suspending a member signed in twice, asking for the password again once
 * ten minutes have passed since it was given, and the desk hidden from everyone else.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { ATTACHMENT_MARK } from "@core/attachment-rules";
import { SUDO_WINDOW_MS, WRONG_CURRENT_PASSWORD } from "@core/auth-messages";
import { MESSAGE_DELETED } from "@core/chat-rules";
import { ACCOUNT_SUSPENDED, BLOCKED_MESSAGE, REPORT_RECEIVED } from "@core/safety-rules";
import type { RunningHost } from "@testing/host";
import { ownLiveHostTest as base } from "./harness";
import { call, friendsInChat, groupChat, person, type Person } from "./people";
import { axeScanner, expectUrl, messageList, signUpByApi, submitSignIn, toast, uploadFrom } from "./ui";

const ADMIN_EMAIL = "desk.moderator@example.com";

const test = base.override("appEnv", { scope: "file" }, async () => ({ ADMIN_EMAILS: ADMIN_EMAIL }));

async function sendMessage(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

async function storedMessages(app: RunningHost, content: string) {
  const db = app.openDatabase();
  try {
    const { rows } = await db.execute({ sql: "SELECT count(*) AS n FROM messages WHERE content = ?", args: [content] });
    return Number(rows[0]!.n);
  } finally {
    db.close();
  }
}

const ADMIN = { displayName: "Desk Moderator", email: ADMIN_EMAIL, password: "correct horse" };
let adminSignedUp = false;

/**
 * The administrator in a browser of their own: the listed address, signed up and verified through
 * the e-mailed link the first time (one database serves the whole file), signed in after that.
 */
async function administrator(app: RunningHost, newPage: () => Promise<Page>) {
  const page = await newPage();
  if (adminSignedUp) {
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname !== "/auth");
    return page;
  }
  await signUpByApi(page, ADMIN);
  await page.goto(await app.latestVerificationLink(ADMIN.email));
  await page.getByRole("heading", { name: "Email verified successfully!" }).waitFor();
  adminSignedUp = true;
  return page;
}

test("a member blocks a friend from their chat; the friend's next message is refused and the blocker sees nothing; unblocked in Settings, the chat is back", async ({
  app,
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Blocker", "Bob Blocked");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  await sendMessage(bob.page, "Before the block");
  await messageList(ada.page).getByText("Before the block").waitFor();

  await ada.page.getByRole("button", { name: "Chat menu" }).click();
  await ada.page.getByRole("menuitem", { name: "Block Bob Blocked" }).click();
  const confirm = ada.page.getByRole("alertdialog", { name: "Block Bob Blocked?" });
  await confirm.getByText("They are not told.").waitFor();
  await confirm.getByRole("button", { name: "Block" }).click();
  await toast(ada.page, "Member Blocked").waitFor();
  await expectUrl(ada.page, "/friends");
  await ada.page.getByRole("tab", { name: "Chats (0)" }).click();
  await ada.page.getByText("No chats yet").waitFor();

  // Bob is not told: his message is refused as a message to any former friend is.
  await sendMessage(bob.page, "Are you there?");
  await messageList(bob.page).getByText("You can only message your friends.").waitFor();
  await messageList(bob.page).getByText("Not sent.").waitFor();
  expect(await storedMessages(app, "Are you there?")).toBe(0);
  // Nothing reaches Ada: no chat, no unread badge, after a fresh look too.
  await ada.page.reload();
  await ada.page.getByRole("tab", { name: "Chats (0)" }).waitFor();
  expect(await ada.page.getByRole("link", { name: /unread/ }).count()).toBe(0);

  await ada.page.goto("/settings");
  const blocked = ada.page.getByRole("list", { name: "Blocked members" });
  await blocked.getByText("Bob Blocked").waitFor();
  await blocked.getByRole("button", { name: "Unblock Bob Blocked" }).click();
  await toast(ada.page, "Member Unblocked").waitFor();
  await ada.page.getByText("You have not blocked anyone.").waitFor();

  await ada.page.goto("/friends");
  await ada.page.getByRole("tab", { name: "Chats (1)" }).click();
  await ada.page
    .getByRole("list", { name: "Chats" })
    .getByRole("link", { name: /Bob Blocked/ })
    .click();
  await messageList(ada.page).getByText("Before the block").waitFor();
});

test("a blocked member's chat reads but takes nothing, and its page stops asking for the room once refused", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Quiet", "Bob Refused");
  await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Last words before the block" });
  await call(ada, "safety.block", { memberId: bob.id });
  const tickets: string[] = [];
  bob.page.on("request", (request) => {
    if (new URL(request.url()).pathname.includes("chats.ticket")) tickets.push(request.url());
  });

  await bob.page.goto(`/chat/${chatId}`);
  await messageList(bob.page).getByText("Last words before the block").waitFor();
  await bob.page
    .getByRole("status")
    .filter({ hasText: "You can only message your friends, so this chat is read-only." })
    .waitFor();
  expect(await bob.page.getByRole("textbox", { name: "Message" }).count()).toBe(0);
  // The room's back-off would have asked four more times by now (1, 2, 5 and 10 s).
  await bob.page.waitForTimeout(15_000);
  expect(tickets).toHaveLength(1);
});

test("blocked from their profile, a member's messages in a shared group are folded away for the blocker alone", async ({
  newPage,
}) => {
  const {
    chatId,
    members: [ada, bob, cy],
  } = await groupChat(newPage, "Shared crew", ["Ada Folder", "Bob Folded", "Cy Reader"]);

  await ada.page.goto(`/member/${bob.id}`);
  await ada.page.getByRole("button", { name: "More actions for Bob Folded" }).click();
  await ada.page.getByRole("menuitem", { name: "Block" }).click();
  await ada.page.getByRole("alertdialog").getByRole("button", { name: "Block" }).click();
  await toast(ada.page, "Member Blocked").waitFor();
  await ada.page.getByText("Blocked", { exact: true }).waitFor();

  await call(bob, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Hello crew" });
  await ada.page.goto(`/chat/${chatId}`);
  const folded = messageList(ada.page).getByRole("button", { name: BLOCKED_MESSAGE });
  await folded.waitFor();
  expect(await messageList(ada.page).getByText("Hello crew").count()).toBe(0);
  await folded.click();
  await messageList(ada.page).getByText("Hello crew").waitFor();
  await cy.page.goto(`/chat/${chatId}`);
  await messageList(cy.page).getByText("Hello crew").waitFor();
  expect(await messageList(cy.page).getByText(BLOCKED_MESSAGE).count()).toBe(0);
});

test("members report a project and a message; an administrator sees both at the desk", async ({ app, newPage }) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Owner", "Bob Reporter");
  const { id: projectId } = await call<{ id: string }>(ada, "projects.create", {
    title: "Miracle Coins",
    category: "Blockchain",
  });
  await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Buy my coins now" });

  const { found, scan } = axeScanner(bob.page);
  await bob.page.goto(`/project/${projectId}`);
  await bob.page.getByRole("button", { name: "Report" }).click();
  const dialog = bob.page.getByRole("dialog", { name: "Report this project" });
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await dialog.getByText("Please choose a reason.").waitFor();
  await dialog.getByLabel("Spam").check();
  await dialog.getByLabel("Details (optional)").fill("Promises returns");
  await scan("the report dialog");
  await dialog.getByRole("button", { name: "Send Report" }).click();
  await toast(bob.page, "Report Sent").getByText(REPORT_RECEIVED).waitFor();

  await bob.page.goto(`/chat/${chatId}`);
  await messageList(bob.page).getByRole("button", { name: "More message actions" }).click();
  await bob.page.getByRole("menuitem", { name: "Report message" }).click();
  const messageDialog = bob.page.getByRole("dialog", { name: "Report a message from Ada Owner" });
  await messageDialog.getByLabel("Harassment").check();
  await messageDialog.getByRole("button", { name: "Send Report" }).click();
  await toast(bob.page, "Report Sent").first().waitFor();
  // After the reported message, within its context: one carrying a file and a link too long for a
  // phone's line, and one its author deleted.
  const plan = await uploadFrom(ada.page, chatId, "plan.pdf", "%PDF-1.7\nPlan\n");
  const terms = `Terms: https://coins.example.com/${"terms-and-conditions-".repeat(6)}final`;
  await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: terms, attachmentIds: [plan] });
  const gone = await call<{ id: number }>(ada, "chats.send", {
    chatId,
    clientId: crypto.randomUUID(),
    content: "Ignore that, wrong chat",
  });
  await call(ada, "messages.remove", { chatId, messageId: gone.id });

  const desk = await administrator(app, newPage);
  await desk.goto("/admin/reports");
  const reports = desk.getByRole("list", { name: "Reports" });
  await reports.getByText("Buy my coins now").waitFor();
  const around = reports.getByRole("list", { name: "The reported message and the ones around it" });
  await around.getByText(MESSAGE_DELETED).waitFor();
  await around.getByText(`${ATTACHMENT_MARK} plan.pdf`).waitFor();
  expect(await around.getByText("Ignore that, wrong chat").count()).toBe(0);
  await desk.setViewportSize({ width: 375, height: 800 });
  await around.getByText(terms).waitFor();
  expect(await desk.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await desk.setViewportSize({ width: 1280, height: 720 });
  await reports.getByText("Miracle Coins").waitFor();
  await reports.getByText("Promises returns").waitFor();
  await reports.getByText("2 reports in all").first().waitFor();
  // The page itself, not a toast caught fading out.
  await toast(bob.page, "Report Sent").first().waitFor({ state: "detached", timeout: 15_000 });
  await scan("a page with the report menu");
  const deskScan = axeScanner(desk);
  await deskScan.scan("the moderation desk");
  expect([...found, ...deskScan.found]).toEqual([]);
});

test("an administrator suspends a member signed in on two pages: both are signed out at their next request, and sign-in says the account is suspended", async ({
  app,
  newPage,
}) => {
  const member = await person(newPage, "Sam Spammer");
  const second = await newPage();
  await submitSignIn(second, member.email, member.password);
  await second.waitForURL((url) => url.pathname !== "/auth");
  const reporter = await person(newPage, "Rita Reporter");
  await call(reporter, "safety.report", { target: { kind: "member", memberId: member.id }, reason: "spam" });
  await member.page.goto("/dashboard");
  await second.goto("/my-projects");

  const desk = await administrator(app, newPage);
  await desk.goto("/admin/reports");
  const card = desk.getByRole("list", { name: "Reports" }).getByRole("listitem").filter({ hasText: "Sam Spammer" });
  await card.getByRole("button", { name: "Suspend member" }).click();
  const dialog = desk.getByRole("dialog", { name: "Suspend Sam Spammer?" });
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await dialog.getByText("Please say why.").waitFor();
  await dialog.getByLabel("Reason (kept in the audit log)").fill("Spam in every group");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await toast(desk, "Member suspended").waitFor();
  await desk.getByRole("tab", { name: "Acted on" }).click();
  await desk.getByRole("list", { name: "Reports" }).getByText("Suspended", { exact: true }).waitFor();
  const log = desk.getByRole("list", { name: "Audit log" });
  await log.getByText(`${ADMIN_EMAIL} suspended Sam Spammer`).waitFor();
  await log.getByText(/Why: Spam in every group/).waitFor();

  // Each page's next request finds its session gone.
  await member.page.getByRole("link", { name: "All Projects" }).first().click();
  await member.page.waitForURL((url) => url.pathname === "/auth");
  await second.getByRole("link", { name: "Friends" }).first().click();
  await second.waitForURL((url) => url.pathname === "/auth");

  const form = await submitSignIn(member.page, member.email, member.password);
  await form.getByRole("alert").getByText(ACCOUNT_SUSPENDED).waitFor();
});

test("an administrator who signed in over ten minutes ago is asked for the password before a suspension, which then goes through", async ({
  app,
  newPage,
}) => {
  const member = await person(newPage, "Stale Sudo Target");
  const desk = await administrator(app, newPage);
  const db = app.openDatabase();
  try {
    await db.execute({
      sql: "UPDATE sessions SET password_confirmed_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
      args: [Date.now() - SUDO_WINDOW_MS - 60_000, ADMIN_EMAIL],
    });
  } finally {
    db.close();
  }
  const reporter = await person(newPage, "Rita Again");
  await call(reporter, "safety.report", { target: { kind: "member", memberId: member.id }, reason: "spam" });

  await desk.goto("/admin/reports");
  const card = desk
    .getByRole("list", { name: "Reports" })
    .getByRole("listitem")
    .filter({ hasText: "Stale Sudo Target" });
  await card.getByRole("button", { name: "Suspend member" }).click();
  const dialog = desk.getByRole("dialog", { name: "Suspend Stale Sudo Target?" });
  await dialog.getByLabel("Reason (kept in the audit log)").fill("Spam after hours");
  // The dialog asks whether the account has a password as it opens; a member who types and
  // presses Enter before that answer arrives is still heard.
  let answerAccount = () => {};
  const typed = new Promise<void>((resolve) => (answerAccount = resolve));
  await desk.route(/credentials\.overview/, async (route) => {
    await typed;
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Suspend" }).click();

  const confirm = desk.getByRole("dialog", { name: "Confirm it is you" });
  const password = confirm.getByLabel("Password");
  await password.fill("not my password");
  await password.press("Enter");
  answerAccount();
  await confirm.getByRole("alert").getByText(WRONG_CURRENT_PASSWORD).waitFor();
  await password.fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();

  await toast(desk, "Member suspended").waitFor();
  await confirm.waitFor({ state: "detached" });
  await dialog.waitFor({ state: "detached" });
  await desk.getByRole("tab", { name: "Acted on" }).click();
  await desk.getByRole("list", { name: "Audit log" }).getByText(`${ADMIN_EMAIL} suspended Stale Sudo Target`).waitFor();
});

test("to anyone but an administrator the desk does not exist: every /admin page is the 404 page, every admin procedure a 404", async ({
  app,
  newPage,
}) => {
  const member: Person = await person(newPage, "Curious Carl");
  const guest = await newPage();
  const procedures = [
    ["admin.reports", "GET"],
    ["admin.auditLog", "GET"],
    ["admin.dismiss", "POST"],
    ["admin.removeContent", "POST"],
    ["admin.suspend", "POST"],
    ["admin.reinstate", "POST"],
  ] as const;
  for (const page of [member.page, guest]) {
    for (const path of ["/admin", "/admin/reports", "/admin/reports?status=dismissed", "/admin/anything"]) {
      await page.goto(path);
      await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path.split("?")[0]);
    }
    const statuses = await page.evaluate(
      (calls) =>
        Promise.all(
          calls.map(async ([path, method]) => {
            const input = encodeURIComponent(JSON.stringify({ json: {} }));
            const response =
              method === "GET"
                ? await fetch(`/api/trpc/${path}?input=${input}`)
                : await fetch(`/api/trpc/${path}`, {
                    method,
                    headers: { "content-type": "application/json" },
                    body: '{"json":{}}',
                  });
            return response.status;
          }),
        ),
      procedures.map((p) => [...p]),
    );
    expect(statuses).toEqual(procedures.map(() => 404));
  }

  const desk = await administrator(app, newPage);
  await desk.goto("/admin");
  await expectUrl(desk, "/admin/reports", "?status=open");
  await desk.getByRole("heading", { name: "Moderation desk" }).waitFor();
});
