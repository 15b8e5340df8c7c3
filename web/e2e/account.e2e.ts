/**
 * Settings → Account and security, as members use it: the devices list with one signed out from
 * another browser, and deleting an account whose group and messages live on for the others.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, groupChat, person } from "./people";
import { expectUrl, messageList, submitSignIn, toast } from "./ui";

const devices = (page: Page) => page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");

test("the devices list shows both browsers, and signing one out ends its session", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Devices");
  const laptop = await newPage();
  await submitSignIn(laptop, ada.email, ada.password);
  await laptop.waitForURL((url) => url.pathname !== "/auth");

  await ada.page.goto("/settings");
  await devices(ada.page).nth(1).waitFor();
  expect(await devices(ada.page).count()).toBe(2);
  const here = devices(ada.page).filter({ hasText: "This device" });
  await here.getByText("Active now").waitFor();
  const other = devices(ada.page).filter({ hasNotText: "This device" });
  await other.getByText(/Last active/).waitFor();

  await other.getByRole("button", { name: /^Sign out/ }).click();
  await toast(ada.page, "Device Signed Out").waitFor();
  await devices(ada.page).nth(1).waitFor({ state: "detached" });
  expect(await devices(ada.page).count()).toBe(1);
  await expect(ada.page.getByRole("button", { name: "Sign out all other devices" }).count()).resolves.toBe(0);

  // The laptop is signed out: its next page is the sign-in form.
  await laptop.goto("/settings");
  await laptop.waitForURL((url) => url.pathname === "/auth");
  await laptop.getByRole("tab", { name: "Sign In" }).waitFor();
});

test("a member who owns projects and is in a group deletes their account; the group lives on with 'Deleted member'", async ({
  newPage,
}) => {
  const {
    chatId,
    members: [gone, bob, cy],
  } = await groupChat(newPage, "Lasting Crew", ["Gone Soon", "Bob Stays", "Cy Stays"]);
  await call(gone, "projects.create", { title: "Gone's Project", category: "Web Development" });
  await call(gone, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Keep building without me" });

  await bob.page.goto(`/chat/${chatId}`);
  await messageList(bob.page).getByText("Keep building without me").waitFor();
  await messageList(bob.page).getByText("Gone Soon").first().waitFor();

  // The member reads what happens, confirms with the password, and is signed out at the home page.
  await gone.page.goto("/settings");
  await gone.page.getByRole("button", { name: "Delete account" }).click();
  const dialog = gone.page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByText(/shown as 'Deleted member'/).waitFor();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Enter your password to confirm").fill("not the password");
  await confirm.click();
  await dialog.getByRole("alert").getByText("That password is not right.", { exact: false }).waitFor();
  await dialog.getByLabel("Enter your password to confirm").fill(gone.password);
  await confirm.click();
  await expectUrl(gone.page, "/");
  await toast(gone.page, "Account Deleted").waitFor();

  // Bob, in the open chat, reads that they left, live; after a reload their message is the Deleted member's.
  await messageList(bob.page).getByText("Gone Soon left the chat").waitFor();
  await bob.page.reload();
  await messageList(bob.page).getByText("Keep building without me").waitFor();
  await messageList(bob.page).getByText("Deleted member").first().waitFor();
  await bob.page.getByRole("banner").getByText("2 members").waitFor();

  // The group is still in Cy's list, and Cy can still talk in it.
  await cy.page.goto("/friends");
  await cy.page.getByRole("tab", { name: /Groups/ }).click();
  await cy.page
    .getByRole("list", { name: "Groups" })
    .getByRole("link", { name: /Lasting Crew/ })
    .click();
  const box = cy.page.getByRole("textbox", { name: "Message" });
  await box.fill("We carry on");
  await box.press("Enter");
  await messageList(bob.page).getByText("We carry on").waitFor();

  // The account is gone: its password no longer signs in.
  const form = await submitSignIn(gone.page, gone.email, gone.password);
  await form.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();
});
