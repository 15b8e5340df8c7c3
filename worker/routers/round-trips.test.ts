/**
 * How many database round trips each procedure waits for, session check included: at the edge
 * every one of them is a trip to Turso (5–50 ms), so a change that adds one must say so here.
 * `answer` is what the member waits for; `after` is work left running after the response.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { befriend } from "@testing/friends";
import { createTestApp, type TestApp, type TestMember } from "@testing/harness";
import { countRoundTrips } from "@testing/round-trips";

let t: TestApp;
let trips: ReturnType<typeof countRoundTrips>;
let ada: TestMember;
let bob: TestMember;
let chatId: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
  trips = countRoundTrips(t.db);
  [ada, bob] = [await t.member("Ada Lovelace"), await t.member("Bob Builder")];
  await befriend(ada, bob);
  ({ chatId } = await ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id }));
  await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "First" });
  ({ id: projectId } = await ada.trpc.projects.create.mutate({ title: "Counted", category: "Web Development" }));
  await t.settle();
});

/** The round trips of one call: up to its answer, and those of the work it left running. */
async function roundTripsOf(call: () => Promise<unknown>) {
  const answer = await trips.during(call);
  const after = await trips.during(t.settle);
  return { answer, after };
}

const procedures: [string, { answer: number; after: number }, () => Promise<() => Promise<unknown>>][] = [
  [
    "auth.signUp",
    // Two: the attempt counted with the address looked up, then the account with its session and
    // profile. The other two are the verification e-mail's delivery, set off as the answer leaves
    // (sendAfterResponse): on Node the driver runs them in-line before it, at the edge beside it.
    { answer: 4, after: 0 },
    async () => () =>
      t.browser().trpc.auth.signUp.mutate({
        displayName: "New Member",
        email: `${crypto.randomUUID()}@example.com`,
        password: "correct horse",
      }),
  ],
  [
    "auth.signIn",
    { answer: 2, after: 0 },
    async () => () => t.browser().trpc.auth.signIn.mutate({ email: ada.email, password: ada.password }),
  ],
  ["auth.me", { answer: 2, after: 0 }, async () => () => ada.trpc.auth.me.query()],
  [
    "friends.request",
    { answer: 2, after: 0 },
    async () => {
      const [a, b] = [await t.member("Ann Asker"), await t.member("Ben Asked")];
      return () => a.trpc.friends.request.mutate({ email: b.email });
    },
  ],
  [
    "friends.accept",
    { answer: 2, after: 0 },
    async () => {
      const [a, b] = [await t.member("Ann Asker"), await t.member("Ben Asked")];
      const { requestId } = await a.trpc.friends.request.mutate({ email: b.email });
      await t.settle();
      return () => b.trpc.friends.accept.mutate({ requestId });
    },
  ],
  [
    "chats.openPrivate",
    { answer: 2, after: 0 },
    async () => {
      const [a, b] = [await t.member("Ann Opener"), await t.member("Ben Opened")];
      await befriend(a, b);
      await t.settle();
      return () => a.trpc.chats.openPrivate.mutate({ friendId: b.me.id });
    },
  ],
  [
    "chats.send",
    // After the answer, one transaction puts the message in the search index (send-follow-up.ts).
    { answer: 2, after: 1 },
    async () => () => ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Another" }),
  ],
  ["chats.messages", { answer: 2, after: 0 }, async () => () => ada.trpc.chats.messages.query({ chatId })],
  ["messages.receipts", { answer: 2, after: 0 }, async () => () => ada.trpc.messages.receipts.query({ chatId })],
  [
    "messages.changes",
    { answer: 2, after: 0 },
    async () => () => ada.trpc.messages.changes.query({ chatId, afterChange: 0 }),
  ],
  // After the session check, one batch: the membership check, the pin and its line.
  [
    "messages.pin",
    { answer: 2, after: 0 },
    async () => {
      const { id } = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Pin me" });
      await t.settle();
      return () => ada.trpc.messages.pin.mutate({ chatId, messageId: id });
    },
  ],
  [
    "messages.unpin",
    { answer: 2, after: 0 },
    async () => {
      const { id } = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Unpin me" });
      await ada.trpc.messages.pin.mutate({ chatId, messageId: id });
      await t.settle();
      return () => ada.trpc.messages.unpin.mutate({ chatId, messageId: id });
    },
  ],
  ["messages.pins", { answer: 2, after: 0 }, async () => () => ada.trpc.messages.pins.query({ chatId })],
  [
    "messages.removePreview",
    { answer: 2, after: 0 },
    async () => {
      const content = "See https://example.com/notes";
      const { id } = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
      await t.settle();
      return () => ada.trpc.messages.removePreview.mutate({ chatId, messageId: id });
    },
  ],
  // The membership check with the message, then the card kept for its address: the address is
  // found in the text by the server, so the card cannot be read in the same batch.
  [
    "previews.ofMessage, the card kept",
    { answer: 3, after: 0 },
    async () => {
      const content = "See https://example.com/plans";
      const { id } = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
      await ada.trpc.previews.ofMessage.query({ chatId, messageId: id });
      await t.settle();
      return () => bob.trpc.previews.ofMessage.query({ chatId, messageId: id });
    },
  ],
  // The first reader's: the card is made (here the address cannot be reached) and kept for the next.
  [
    "previews.ofMessage, the first reader",
    { answer: 4, after: 0 },
    async () => {
      const content = "See https://example.com/drafts";
      const { id } = await ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content });
      await t.settle();
      return () => ada.trpc.previews.ofMessage.query({ chatId, messageId: id });
    },
  ],
  ["chats.markRead", { answer: 2, after: 0 }, async () => () => bob.trpc.chats.markRead.mutate({ chatId, seq: 1 })],
  ["chats.ticket", { answer: 2, after: 0 }, async () => () => ada.trpc.chats.ticket.query({ chatId })],
  ["projects.byId", { answer: 2, after: 0 }, async () => () => ada.trpc.projects.byId.query({ id: projectId })],
  // A search: the words it names with how many projects hold each, then the page, from the rarest.
  [
    "projects.list, a search",
    { answer: 3, after: 0 },
    async () => () => ada.trpc.projects.list.query({ search: "coun" }),
  ],
  // Filters alone are one word of the people's index, walked at once; words are counted first.
  [
    "people.search, filters alone",
    { answer: 2, after: 0 },
    async () => () => ada.trpc.people.search.query({ region: "United States" }),
  ],
  [
    "people.search, words and filters",
    { answer: 3, after: 0 },
    async () => () => ada.trpc.people.search.query({ search: "bob", region: "United States" }),
  ],
  [
    "joinRequests.forProject",
    { answer: 2, after: 0 },
    async () => () => ada.trpc.joinRequests.forProject.query({ projectId }),
  ],
  // The whole board (project, columns, tasks, labels, team, settings) is one batch with the team check.
  ["board.get", { answer: 2, after: 0 }, async () => () => ada.trpc.board.get.query({ projectId })],
  // The team check with the column's end, then the numbered task with its history in one batch.
  [
    "board.createTask",
    { answer: 3, after: 0 },
    async () => {
      const [todo] = (await ada.trpc.board.get.query({ projectId })).columns;
      return () => ada.trpc.board.createTask.mutate({ projectId, columnId: todo!.id, title: "Counted task" });
    },
  ],
  // The team check with the gap between the chosen neighbours, then the one row with its history.
  [
    "board.moveTask",
    { answer: 3, after: 0 },
    async () => {
      const { columns, tasks } = await ada.trpc.board.get.query({ projectId });
      return () =>
        ada.trpc.board.moveTask.mutate({
          projectId,
          taskId: tasks[0]!.id,
          columnId: columns[1]!.id,
          afterId: null,
          beforeId: null,
        });
    },
  ],
];

describe("database round trips per procedure, session check included", () => {
  it.each(procedures)("%s", async (_name, pinned, arrange) => {
    const call = await arrange();
    expect(await roundTripsOf(call)).toEqual(pinned);
  });
});

/**
 * A query whose cookie names its member goes to the database beside the session check, not after
 * it: of its two round trips, one is waited for. So do a message's send, a chat's read mark and
 * opening a private chat, whose writes carry the check. Each of these would hang if it waited for the check.
 */
const besideTheCheck: [string, () => Promise<unknown>][] = [
  ["auth.me", () => ada.trpc.auth.me.query()],
  ["chats.messages", () => ada.trpc.chats.messages.query({ chatId })],
  ["chats.byId", () => ada.trpc.chats.byId.query({ chatId })],
  ["messages.receipts", () => ada.trpc.messages.receipts.query({ chatId })],
  ["messages.changes", () => ada.trpc.messages.changes.query({ chatId, afterChange: 0 })],
  ["projects.byId", () => ada.trpc.projects.byId.query({ id: projectId })],
  ["board.get", () => ada.trpc.board.get.query({ projectId })],
  ["joinRequests.forProject", () => ada.trpc.joinRequests.forProject.query({ projectId })],
  ["notifications.unreadCount", () => ada.trpc.notifications.unreadCount.query()],
  ["chats.summary", () => ada.trpc.chats.summary.query()],
  ["chats.ticket", () => ada.trpc.chats.ticket.query({ chatId })],
  ["chats.send", () => ada.trpc.chats.send.mutate({ chatId, clientId: crypto.randomUUID(), content: "Beside" })],
  ["chats.markRead", () => bob.trpc.chats.markRead.mutate({ chatId, seq: 1 })],
  ["chats.openPrivate", () => ada.trpc.chats.openPrivate.mutate({ friendId: bob.me.id })],
];

describe("what starts beside the session check", () => {
  it.each(besideTheCheck)("%s", async (_name, call) => {
    expect(await trips.besideTheSessionCheck(call)).toBe(2);
  });

  it("any other mutation sends nothing to the database before the check has answered", async () => {
    const order = await trips.order(() => bob.trpc.chats.setMuted.mutate({ chatId, muted: true }));
    expect(order.slice(0, 2)).toEqual(["check", "answered"]);
    expect(order.slice(2)).toEqual(["trip", "trip"]);
  });
});
