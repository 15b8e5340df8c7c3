/**
 * A project's board is live through its team chat's room: the real procedures on a real database
 * tell the rooms in workerd, and real partysocket clients (the members' open boards) receive each
 * task as it now stands. Another project's board hears nothing of it. An owner alone on their board
 * (no team chat yet) hears it in their own room, on every page they have open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, roomSocket, type RoomsProcess } from "@testing/rooms-process";
import { liveRooms } from "@testing/live-rooms";
import type { TestApp, TestMember } from "@testing/harness";
import type { BoardEvent } from "./protocol";

const SECRET = "board-secret";
let rooms: RoomsProcess;
let t: TestApp;

beforeAll(async () => void ({ rooms, t } = await liveRooms(SECRET)));
afterAll(() => rooms?.stop());

/** A project with `member` on its team, and the board page each of the two has open. */
async function teamOnline(owner: TestMember, member: TestMember) {
  const { id: projectId } = await owner.trpc.projects.create.mutate({ title: "Live board", category: "Mobile Apps" });
  const { id } = await member.trpc.joinRequests.request.mutate({ projectId });
  await owner.trpc.joinRequests.accept.mutate({ requestId: id });
  const { chatId } = (await owner.trpc.teams.chat.query({ projectId }))!;
  const open = (m: TestMember) =>
    roomSocket(rooms.host, "chat-room", chatId, async () => (await m.trpc.chats.ticket.query({ chatId })).ticket);
  const pages = { owner: open(owner), member: open(member) };
  await Promise.all(Object.values(pages).map((p) => p.opened));
  const { columns } = await owner.trpc.board.get.query({ projectId });
  return { projectId, columns: columns.map((c) => c.id), pages };
}

type Page = ReturnType<typeof roomSocket>;
const boardEvents = (page: Page) => page.events.filter((e) => e.type === "board").map((e) => e.event as BoardEvent);

describe("a project's open boards", () => {
  it("receive each other's moves as the task now stands; another project's board receives nothing", async () => {
    const [olga, ada, otto, bob] = [
      await t.member("Olga"),
      await t.member("Ada"),
      await t.member("Otto"),
      await t.member("Bob"),
    ];
    const a = await teamOnline(olga, ada);
    const b = await teamOnline(otto, bob);

    const created = await ada.trpc.board.createTask.mutate({
      projectId: a.projectId,
      columnId: a.columns[0]!,
      title: "CI",
    });
    const adaMoved = await ada.trpc.board.moveTask.mutate({
      projectId: a.projectId,
      taskId: created.id,
      columnId: a.columns[1]!,
      afterId: null,
      beforeId: null,
    });
    const olgaMoved = await olga.trpc.board.moveTask.mutate({
      projectId: a.projectId,
      taskId: created.id,
      columnId: a.columns[0]!,
      afterId: null,
      beforeId: null,
    });
    const expected = [created, adaMoved, olgaMoved].map((task) => ({ type: "task", task }));
    for (const page of Object.values(a.pages)) await eventually(() => expect(boardEvents(page)).toEqual(expected));
    expect(olgaMoved.version).toBeGreaterThan(adaMoved.version);

    // The other project's board hears only its own task: by the time it arrives, nothing else has.
    const own = await bob.trpc.board.createTask.mutate({
      projectId: b.projectId,
      columnId: b.columns[0]!,
      title: "Own",
    });
    for (const page of Object.values(b.pages)) {
      await eventually(() => expect(boardEvents(page)).toEqual([{ type: "task", task: own }]));
    }
    for (const page of [...Object.values(a.pages), ...Object.values(b.pages)]) page.socket.close();
  });

  it("reach an owner alone on theirs through their own room, on each of their pages, and nobody else's", async () => {
    const [olga, ada] = [await t.member("Olga Alone"), await t.member("Ada Elsewhere")];
    const { id: projectId } = await olga.trpc.projects.create.mutate({ title: "Solo board", category: "IoT" });
    const { columns } = await olga.trpc.board.get.query({ projectId });
    const ownRoom = (m: TestMember) =>
      roomSocket(rooms.host, "member-room", m.me.id, async () => (await m.trpc.chats.memberTicket.query()).ticket);
    const laptop = ownRoom(olga);
    const phone = ownRoom(olga);
    const stranger = ownRoom(ada);
    await Promise.all([laptop.opened, phone.opened, stranger.opened]);

    const created = await olga.trpc.board.createTask.mutate({ projectId, columnId: columns[0]!.id, title: "Logo" });
    const moved = await olga.trpc.board.moveTask.mutate({
      projectId,
      taskId: created.id,
      columnId: columns[1]!.id,
      afterId: null,
      beforeId: null,
    });
    const expected = [created, moved].map((task) => ({ type: "board", projectId, event: { type: "task", task } }));
    for (const page of [laptop, phone]) {
      await eventually(() => expect(page.events.filter((e) => e.type === "board")).toEqual(expected));
    }
    expect(stranger.events.filter((e) => e.type === "board")).toEqual([]);
    for (const page of [laptop, phone, stranger]) page.socket.close();
  });
});
