/**
 * A page's first screen as a member far from the database gets it: its data asked for at once, not
 * in waves.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { test } from "./harness";
import { call, friendsInChat, person } from "./people";

const proceduresOf = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith("/api/trpc/") ? pathname.split("/").pop()!.split(",") : null;
};

/** The procedures of each API request the page makes, in the order they leave. */
function apiRequests(page: Page) {
  const requests: string[][] = [];
  page.on("request", (request) => {
    const procedures = proceduresOf(request.url());
    if (procedures) requests.push(procedures);
  });
  return requests;
}

/** Each API request's leaving ("sent") and answer ("answered"), in the order the page saw them. */
function apiTraffic(page: Page) {
  const traffic: { event: "sent" | "answered"; procedures: string[] }[] = [];
  const record = (event: "sent" | "answered") => (request: { url(): string }) => {
    const procedures = proceduresOf(request.url());
    if (procedures) traffic.push({ event, procedures });
  };
  page.on("request", record("sent"));
  page.on("requestfinished", record("answered"));
  return traffic;
}

/** Where the request carrying `procedure` left or was answered, in `traffic`. */
const when = (traffic: ReturnType<typeof apiTraffic>, event: "sent" | "answered", procedure: string) =>
  traffic.findIndex((entry) => entry.event === event && entry.procedures.includes(procedure));

test("the dashboard's first screen comes in one request, the member room's ticket beside it", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Dashboard");
  await ada.page.goto("about:blank");
  const traffic = apiTraffic(ada.page);

  await ada.page.goto("/dashboard");
  await ada.page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await ada.page.getByText("Projects that need your skills").waitFor();

  // The first request to leave with the session check carries everything the top bar, the sidebar
  // and the dashboard show.
  const first = traffic.find((entry) => entry.event === "sent" && entry.procedures.includes("auth.me"));
  expect(first!.procedures).toEqual(
    expect.arrayContaining([
      "auth.me",
      "projects.stats",
      "projects.myStats",
      "projects.recent",
      "suggestions.projects",
      "suggestions.people",
      "chats.summary",
      "notifications.unreadCount",
      "friends.incomingCount",
      "joinRequests.waiting",
      "joinRequests.unseenAcceptances",
    ]),
  );
  // The ticket leaves on its own before that request is answered, not after the page has rendered.
  expect(when(traffic, "sent", "chats.memberTicket")).toBeGreaterThan(-1);
  expect(when(traffic, "sent", "chats.memberTicket")).toBeLessThan(when(traffic, "answered", "auth.me"));
});

/** Resolves once the page's member room has welcomed its socket. */
const welcomed = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on("websocket", (socket) => {
      if (!socket.url().includes("/parties/member-room/")) return;
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes('"welcome"')) resolve();
      });
    }),
  );

test("a page's member room, opening onto nothing new, asks nothing again", async ({ newPage }) => {
  const ada = await person(newPage, "Ada Settled");
  await ada.page.goto("about:blank");
  const requests = apiRequests(ada.page);
  const welcome = welcomed(ada.page);

  await ada.page.goto("/dashboard");
  await welcome;
  // Whatever the welcome set off would leave at once.
  await ada.page.waitForTimeout(500);
  const badges = ["chats.summary", "friends.incomingCount", "notifications.unreadCount", "projects.myStats"];
  expect(requests.filter((procedures) => procedures.some((p) => badges.includes(p)))).toHaveLength(1);
});

test("a friend request made while a page's member room is still opening shows once it opens", async ({ newPage }) => {
  const [ann, bob] = [await person(newPage, "Ann Early"), await person(newPage, "Bob Opening")];
  // Bob's page gets its data, but its member room's ticket is held until the request has been made.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await bob.page.route("**/api/trpc/chats.memberTicket**", async (route) => {
    await held;
    await route.continue();
  });
  await bob.page.goto("/dashboard");
  const nav = bob.page.getByRole("navigation", { name: "App" }).first();
  await nav.getByRole("link", { name: "Requests", exact: true }).waitFor();

  await call(ann, "friends.request", { memberId: bob.id });
  // Bob's other page, already in his room, hears the poke: the room has it on record.
  const other = await bob.page.context().newPage();
  await other.goto("/dashboard");
  await other
    .getByRole("navigation", { name: "App" })
    .first()
    .getByRole("link", { name: "Requests, 1 waiting" })
    .waitFor();

  release();
  await nav.getByRole("link", { name: "Requests, 1 waiting" }).waitFor();
});

test("a chat page's room ticket leaves beside its first batch", async ({ newPage }) => {
  const { ada, chatId } = await friendsInChat(newPage, "Ada Ticket", "Bob Ticket");
  await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Hello Bob" });
  await ada.page.goto("about:blank");
  const traffic = apiTraffic(ada.page);

  await ada.page.goto(`/chat/${chatId}`);
  await ada.page.getByText("Hello Bob", { exact: true }).waitFor();
  await expect.poll(() => when(traffic, "answered", "chats.ticket")).toBeGreaterThan(-1);
  expect(when(traffic, "sent", "chats.ticket")).toBeLessThan(when(traffic, "answered", "chats.byId"));
});

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

test("a chat page whose room relayed a message before it opened catches up on messages and changes in one request", async ({
  newPage,
}) => {
  const { ada, bob, chatId } = await friendsInChat(newPage, "Ada Reader", "Bob Writer");
  await call(ada, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Hello Bob" });
  // Ada's other page is in the chat's room: it shows what the room relays.
  const other = await ada.page.context().newPage();
  await other.goto(`/chat/${chatId}`);
  await other.getByText("Hello Bob", { exact: true }).waitFor();
  // Her page gets its data, but its ticket to the room is held until Bob has written again.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await ada.page.route("**/api/trpc/chats.ticket**", async (route) => {
    await held;
    await route.continue();
  });
  const requests = apiRequests(ada.page);
  await ada.page.goto(`/chat/${chatId}`);
  await ada.page.getByText("Hello Bob", { exact: true }).waitFor();

  await call(bob, "chats.send", { chatId, clientId: crypto.randomUUID(), content: "Are you there?" });
  await other.getByText("Are you there?", { exact: true }).waitFor();
  release();
  // The room's welcome names a message the page does not hold: one catch-up brings it.
  await ada.page.getByText("Are you there?", { exact: true }).waitFor();
  const catchUp = requests.filter((procedures) => procedures.includes("messages.changes"));
  expect(catchUp).toHaveLength(1);
  expect(catchUp[0]).toEqual(expect.arrayContaining(["chats.messages", "messages.changes"]));
});
