/**
 * A page's first screen as a member far from the database gets it: its data asked for at once, not
 * in waves.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat, person } from "./people";

/** The procedures of each API request the page makes, in the order they leave. */
function apiRequests(page: Page) {
  const requests: string[][] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/trpc/")) requests.push(url.pathname.split("/").pop()!.split(","));
  });
  return requests;
}

test("a project page asks for the project and its team in one request", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Owner");
  const { id } = await call<{ id: string }>(ada, "projects.create", {
    title: "One Batch",
    category: "Web Development",
  });
  const requests = apiRequests(ada.page);

  await ada.page.goto(`/project/${id}`);
  await ada.page.getByRole("heading", { name: "One Batch" }).waitFor();
  await ada.page.getByRole("list", { name: "Team members" }).getByText("Ada Owner").waitFor();

  const forTheProject = requests.filter(
    (procedures) => procedures.includes("projects.byId") || procedures.includes("joinRequests.forProject"),
  );
  expect(forTheProject).toHaveLength(1);
  expect(forTheProject[0]).toEqual(expect.arrayContaining(["projects.byId", "joinRequests.forProject"]));
});

test("a chat page catches up on new messages and on changes in one request once its room opens", async ({
  newPage,
}) => {
  const { ada, chatId } = await friendsInChat(newPage, "Ada Reader", "Bob Writer");
  await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Hello Bob" });
  const requests = apiRequests(ada.page);

  await ada.page.goto(`/chat/${chatId}`);
  await ada.page.getByText("Hello Bob", { exact: true }).waitFor();
  await expect.poll(() => requests.filter((procedures) => procedures.includes("messages.changes"))).toHaveLength(1);
  const catchUp = requests.find((procedures) => procedures.includes("messages.changes"));
  expect(catchUp).toEqual(expect.arrayContaining(["chats.messages", "messages.changes"]));
});
