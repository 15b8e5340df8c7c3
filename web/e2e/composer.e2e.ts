/**
 * The composer as developers write in it, between two members in separate browsers: Enter inside
 * an open code block adds a line and Ctrl+Enter sends, ↑ edits the member's last message, Escape
 * leaves a reply or an edit, and a draft is kept per chat, across reloads, until it is sent.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { befriend, call, friendsInChat, groupChat, person, type Person } from "./people";
import { expectUrl, finishOnboarding, messageList, openUserMenu, submitSignIn, toast } from "./ui";

const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });

/** The row of the message holding this text. */
const row = (page: Page, text: string) => messageList(page).getByRole("listitem").filter({ hasText: text });

/** Every message the member sent from this page is stored: none is still 'Sending…'. */
const allStored = (page: Page) => expect.poll(() => page.getByText("Sending…").count()).toBe(0);

/** Stored through the API, as the sender's page would store it. */
const say = (who: Person, chatId: string, content: string) =>
  call(who, "chats.send", { chatId, clientId: crypto.randomUUID(), content });

test("Enter inside an open ``` block adds a line, Ctrl+Enter sends it, and Enter after the closing fence sends", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Fence", "Bob Fence");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  const box = composer(ada.page);

  await box.pressSequentially("```ts");
  await box.press("Enter");
  await box.pressSequentially("const answer = 42;");
  await box.press("Enter");
  await box.pressSequentially("export default answer;");
  expect(await box.inputValue()).toBe("```ts\nconst answer = 42;\nexport default answer;");
  await ada.page.getByText("In a code block, Enter adds a line: Ctrl+Enter sends.").waitFor();
  await box.press("Control+Enter");
  await row(bob.page, "export default answer;").waitFor();
  expect(await box.inputValue()).toBe("");
  expect(await ada.page.getByText("In a code block, Enter adds a line").count()).toBe(0);

  // Closed, the block no longer holds Enter back.
  await box.pressSequentially("```");
  await box.press("Enter");
  await box.pressSequentially("npm test");
  await box.press("Enter");
  await box.pressSequentially("```");
  await box.press("Enter");
  await row(bob.page, "npm test").waitFor();
  expect(await box.inputValue()).toBe("");
});

test("keys that come before a sent message's bubble shows are kept, and Enter pressed twice sends once", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Quick", "Bob Quick");
  await ada.page.goto(`/chat/${chatId}`);
  await bob.page.goto(`/chat/${chatId}`);
  const box = composer(ada.page);
  await box.fill("First words");
  // In one task, as a busy phone hands over keys queued while it was busy, before the bubble's
  // task: Enter, Enter again, and the next message typed over what was sent.
  await box.evaluate((textarea: HTMLTextAreaElement) => {
    const enter = () =>
      textarea.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Enter", code: "Enter", bubbles: true, cancelable: true }),
      );
    enter();
    enter();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(textarea, "Next words");
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await row(ada.page, "First words").waitFor();
  await allStored(ada.page);
  expect(await box.inputValue()).toBe("Next words");
  await box.press("Enter");
  await row(bob.page, "Next words").waitFor();
  await allStored(ada.page);
  expect(await row(bob.page, "First words").count()).toBe(1);
  expect(await row(ada.page, "First words").count()).toBe(1);
  expect(await box.inputValue()).toBe("");
});

test("↑ in an empty composer edits the member's last message; Escape leaves the edit, and a reply", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Arrow", "Bob Arrow");
  await ada.page.goto(`/chat/${chatId}`);
  const box = composer(ada.page);
  await box.fill("First words");
  await box.press("Enter");
  await box.fill("Second words");
  await box.press("Enter");
  await row(ada.page, "Second words").waitFor();
  await allStored(ada.page);
  // The newest message is Bob's: ↑ still finds Ada's own.
  await say(bob, chatId, "Bob has the last word");
  await row(ada.page, "Bob has the last word").waitFor();

  // Not while something is typed.
  await box.fill("x");
  await box.press("ArrowUp");
  expect(await ada.page.getByText("Editing message").count()).toBe(0);
  await box.fill("");

  await box.press("ArrowUp");
  await ada.page.getByText("Editing message").waitFor();
  expect(await box.inputValue()).toBe("Second words");
  await box.fill("Second words, edited");
  await box.press("Enter");
  await row(ada.page, "Second words, edited").getByText("(edited)").waitFor();
  expect(await box.inputValue()).toBe("");

  // Escape leaves an edit unsaved.
  await box.press("ArrowUp");
  expect(await box.inputValue()).toBe("Second words, edited");
  await box.fill("Never saved");
  await box.press("Escape");
  expect(await ada.page.getByText("Editing message").count()).toBe(0);
  expect(await box.inputValue()).toBe("");
  expect(await row(ada.page, "Never saved").count()).toBe(0);

  // And a reply.
  await row(ada.page, "Bob has the last word").hover();
  await ada.page.getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Reply" }).click();
  await ada.page.getByText("Replying to Bob Arrow").waitFor();
  await box.press("Escape");
  expect(await ada.page.getByText("Replying to Bob Arrow").count()).toBe(0);
});

test("a draft is kept per chat across a reload until it is sent, returns after an edit, and goes on signing out", async ({
  newPage,
}) => {
  const { ada, chatId } = await friendsInChat(newPage, "Ada Draft", "Bob Draft");
  const carl = await person(newPage, "Carl Draft");
  await befriend(ada, carl);
  const { chatId: carlChat } = await call<{ chatId: string }>(ada, "chats.openPrivate", { friendId: carl.id });
  await say(ada, chatId, "Already sent");

  await ada.page.goto(`/chat/${chatId}`);
  const box = composer(ada.page);
  await box.fill("Half a thought for Bob");
  await ada.page.goto(`/chat/${carlChat}`);
  await ada.page.getByRole("heading", { name: "Carl Draft" }).waitFor();
  expect(await box.inputValue()).toBe("");
  await box.fill("Something for Carl");
  await ada.page.reload();
  await ada.page.getByRole("heading", { name: "Carl Draft" }).waitFor();
  expect(await box.inputValue()).toBe("Something for Carl");
  await ada.page.goto(`/chat/${chatId}`);
  await ada.page.getByRole("heading", { name: "Bob Draft" }).waitFor();
  expect(await box.inputValue()).toBe("Half a thought for Bob");

  // An edit's words are not the draft: it comes back once the edit is saved.
  await row(ada.page, "Already sent").hover();
  await ada.page.getByRole("toolbar", { name: "Message actions" }).getByRole("button", { name: "Edit" }).click();
  expect(await box.inputValue()).toBe("Already sent");
  await box.fill("Already sent, and fixed");
  await box.press("Enter");
  await row(ada.page, "Already sent, and fixed").getByText("(edited)").waitFor();
  expect(await box.inputValue()).toBe("Half a thought for Bob");

  // Sent, it is gone.
  await box.press("Enter");
  await row(ada.page, "Half a thought for Bob").waitFor();
  expect(await box.inputValue()).toBe("");
  await allStored(ada.page);
  await ada.page.reload();
  await row(ada.page, "Half a thought for Bob").waitFor();
  expect(await box.inputValue()).toBe("");

  // Signing out forgets what was left unsent.
  await box.fill("Not for the next person at this desk");
  await finishOnboarding(ada.page, ada);
  await ada.page.goto("/dashboard");
  await (await openUserMenu(ada.page)).getByRole("menuitem", { name: "Sign Out" }).click();
  await toast(ada.page, "Signed Out").waitFor();
  await submitSignIn(ada.page, ada.email, ada.password);
  await expectUrl(ada.page, "/dashboard");
  await ada.page.goto(`/chat/${chatId}`);
  await ada.page.getByRole("heading", { name: "Bob Draft" }).waitFor();
  expect(await box.inputValue()).toBe("");
});

test("a member picked from the suggestions before a reload is still mentioned when the draft is sent", async ({
  newPage,
}) => {
  const {
    chatId,
    members: [ada, bob],
  } = await groupChat(newPage, "Drafts", ["Ada Mentions", "Bob Mentions"]);
  await ada.page.goto(`/chat/${chatId}`);
  const box = composer(ada.page);
  await box.pressSequentially("@Bo");
  await ada.page.getByRole("option", { name: "Bob Mentions" }).waitFor();
  await box.press("Enter");
  await box.pressSequentially("have a look");
  await ada.page.reload();
  expect(await box.inputValue()).toBe("@Bob Mentions have a look");
  await box.press("Enter");
  await row(ada.page, "have a look")
    .locator(`[data-mention="${bob.id}"]`)
    .filter({ hasText: "@Bob Mentions" })
    .waitFor();
});
