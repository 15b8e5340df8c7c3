import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { teamBoard } from "@testing/board";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** A column's task titles, top to bottom, as the board shows them. */
async function column(m: TestMember, projectId: string, columnId: string) {
  const board = await m.trpc.board.get.query({ projectId });
  return board.tasks
    .filter((task) => task.columnId === columnId)
    .sort((a, b) => (a.position < b.position ? -1 : 1))
    .map((task) => task.title);
}

const chatLines = async (m: TestMember, projectId: string) => {
  const chat = await m.trpc.teams.chat.query({ projectId });
  return (await m.trpc.chats.messages.query({ chatId: chat!.chatId })).messages.map((msg) => msg.content);
};

describe("a project's board", () => {
  it("is its team's: the default columns for the owner and members, not there for anyone else", async () => {
    const [owner, ada, stranger] = [
      await t.member("Olga Owner"),
      await t.member("Ada Member"),
      await t.member("Sam Stranger"),
    ];
    const { projectId } = await teamBoard(owner, [ada]);
    const board = await ada.trpc.board.get.query({ projectId });
    expect(board.columns.map((c) => c.name)).toEqual(["To do", "In progress", "Done"]);
    expect(board.canManage).toBe(false);
    expect(board.team.map((m) => m.name)).toEqual(["Olga Owner", "Ada Member"]);
    expect(board.settings).toEqual({ progressFollowsBoard: false, doneLines: true });
    expect((await owner.trpc.board.get.query({ projectId })).canManage).toBe(true);
    expect(await rejection(stranger.trpc.board.get.query({ projectId }))).toMatchObject({
      code: "NOT_FOUND",
      message: "Project not found",
    });
    expect(await rejection(stranger.trpc.board.addColumn.mutate({ projectId, name: "Mine" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await rejection(ada.trpc.board.addColumn.mutate({ projectId, name: "Mine" }))).toMatchObject({
      code: "FORBIDDEN",
      message: "Only the project owner can change the board",
    });
  });

  it("numbers tasks per project and puts each at the end of its column", async () => {
    const [owner, ada] = [await t.member("Olga Owner"), await t.member("Ada Member")];
    const { projectId, todo } = await teamBoard(owner, [ada]);
    const first = await ada.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Set up CI" });
    const second = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "  Write docs  " });
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(second.title).toBe("Write docs");
    expect(await column(ada, projectId, todo)).toEqual(["Set up CI", "Write docs"]);
    // Another project counts from 1 again.
    const other = await teamBoard(owner, []);
    const elsewhere = await owner.trpc.board.createTask.mutate({
      projectId: other.projectId,
      columnId: other.todo,
      title: "x",
    });
    expect(elsewhere.number).toBe(1);
  });

  it("refuses what breaks its limits in the spec's words", async () => {
    const [owner, ada, outsider] = [
      await t.member("Olga Owner"),
      await t.member("Ada Member"),
      await t.member("Out Sider"),
    ];
    const { projectId, todo } = await teamBoard(owner, [ada]);
    const create = (fields: Record<string, unknown>) =>
      rejection(ada.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Task", ...fields }));
    expect(await create({ title: "   " })).toMatchObject({ code: "BAD_REQUEST", message: "Title is required" });
    expect(await create({ title: "x".repeat(201) })).toMatchObject({
      message: "Title must be at most 200 characters",
    });
    expect(await create({ description: "x".repeat(4001) })).toMatchObject({
      message: "Description must be at most 4000 characters",
    });
    expect(await create({ dueDate: "2026-02-30" })).toMatchObject({ message: "Due date must be a date (YYYY-MM-DD)" });
    expect(await create({ assigneeId: outsider.me.id })).toMatchObject({
      message: "Tasks can be assigned only to the project's team",
    });
    expect(await create({ labelIds: ["a", "b", "c", "d", "e", "f"] })).toMatchObject({
      message: "A task can have at most 5 labels",
    });
    expect(await create({ labelIds: ["not-a-label"] })).toMatchObject({ message: "Label not found" });
    expect(
      await rejection(ada.trpc.board.createLabel.mutate({ projectId, name: "x".repeat(25), color: "blue" })),
    ).toMatchObject({ message: "Label name must be at most 24 characters" });

    // Ten columns at most; names 1–40 characters.
    expect(await rejection(owner.trpc.board.addColumn.mutate({ projectId, name: " " }))).toMatchObject({
      message: "Column name is required",
    });
    expect(await rejection(owner.trpc.board.addColumn.mutate({ projectId, name: "x".repeat(41) }))).toMatchObject({
      message: "Column name must be at most 40 characters",
    });
    for (let i = 4; i <= 10; i++) await owner.trpc.board.addColumn.mutate({ projectId, name: `Column ${i}` });
    expect(await rejection(owner.trpc.board.addColumn.mutate({ projectId, name: "Eleventh" }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "A board can have at most 10 columns",
    });

    // A column with tasks stays until it is emptied.
    await ada.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Keep me" });
    expect(await rejection(owner.trpc.board.removeColumn.mutate({ projectId, columnId: todo }))).toMatchObject({
      code: "BAD_REQUEST",
      message: "Move or delete this column's tasks first",
    });
  });

  it("refuses an edit made on a stale version, naming who changed it; a move in between is no conflict", async () => {
    const [owner, ada, bob] = [
      await t.member("Olga Owner"),
      await t.member("Ada Lovelace"),
      await t.member("Bob Builder"),
    ];
    const { projectId, todo, doing } = await teamBoard(owner, [ada, bob]);
    const task = await ada.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Set up CI" });

    const moved = await owner.trpc.board.moveTask.mutate({
      projectId,
      taskId: task.id,
      columnId: doing,
      afterId: null,
      beforeId: null,
    });
    expect(moved.version).toBeGreaterThan(task.version);
    const bobs = await bob.trpc.board.updateTask.mutate({
      projectId,
      taskId: task.id,
      version: task.version,
      title: "Set up CI on GitHub",
    });
    expect(bobs).toMatchObject({ title: "Set up CI on GitHub", columnId: doing });

    expect(
      await rejection(
        ada.trpc.board.updateTask.mutate({ projectId, taskId: task.id, version: task.version, title: "Mine" }),
      ),
    ).toEqual({ code: "CONFLICT", status: 409, message: "Bob Builder changed this task while you were editing" });
    // Bob's edit stands; Ada retries on what she now sees.
    expect((await ada.trpc.board.get.query({ projectId })).tasks[0]!.title).toBe("Set up CI on GitHub");
    const retried = await ada.trpc.board.updateTask.mutate({
      projectId,
      taskId: task.id,
      version: bobs.version,
      title: "Mine",
    });
    expect(retried.title).toBe("Mine");

    const history = await ada.trpc.board.history.query({ projectId, taskId: task.id });
    expect(history.map((h) => [h.name, h.field, h.from, h.to])).toEqual([
      ["Ada Lovelace", "title", "Set up CI on GitHub", "Mine"],
      ["Bob Builder", "title", "Set up CI", "Set up CI on GitHub"],
      ["Olga Owner", "column", "To do", "In progress"],
      ["Ada Lovelace", "created", null, "Set up CI"],
    ]);
  });

  it("drops a moved task between the neighbours the member chose", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo, doing } = await teamBoard(owner, []);
    const make = (title: string) => owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title });
    const [a, b, c] = [await make("A"), await make("B"), await make("C")];
    await owner.trpc.board.moveTask.mutate({ projectId, taskId: c.id, columnId: todo, afterId: a.id, beforeId: b.id });
    expect(await column(owner, projectId, todo)).toEqual(["A", "C", "B"]);
    await owner.trpc.board.moveTask.mutate({ projectId, taskId: b.id, columnId: todo, afterId: null, beforeId: a.id });
    expect(await column(owner, projectId, todo)).toEqual(["B", "A", "C"]);
    await owner.trpc.board.moveTask.mutate({ projectId, taskId: a.id, columnId: doing, afterId: null, beforeId: null });
    expect(await column(owner, projectId, doing)).toEqual(["A"]);
    // A neighbour that has since left the column: the task still lands beside the other one.
    await owner.trpc.board.moveTask.mutate({ projectId, taskId: b.id, columnId: todo, afterId: a.id, beforeId: c.id });
    expect(await column(owner, projectId, todo)).toEqual(["B", "C"]);
  });

  it("tells an owner alone on it through their own room, and the team chat's room once there is a team", async () => {
    const owner = await t.member("Olga Alone");
    const { projectId, todo } = await teamBoard(owner, []);
    const told = () =>
      t.notices.filter((n) => n.room === "member-room" && n.name === owner.me.id && n.notice.type === "board");
    const alone = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Alone" });
    expect(told()).toEqual([
      {
        room: "member-room",
        name: owner.me.id,
        notice: { type: "board", projectId, event: { type: "task", task: alone } },
      },
    ]);

    const ada = await t.member("Ada Joins");
    const { id } = await ada.trpc.joinRequests.request.mutate({ projectId });
    await owner.trpc.joinRequests.accept.mutate({ requestId: id });
    const { chatId } = (await owner.trpc.teams.chat.query({ projectId }))!;
    const together = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Together" });
    expect(t.notices).toContainEqual({
      room: "chat-room",
      name: chatId,
      notice: { type: "board", event: { type: "task", task: together } },
    });
    expect(told()).toHaveLength(1);
  });

  it("writes 'finished' in the team chat when a task reaches Done, unless the owner turned it off", async () => {
    const [owner, ada] = [await t.member("Olga Owner"), await t.member("Ada Lovelace")];
    const { projectId, todo, done } = await teamBoard(owner, [ada]);
    const ci = await ada.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Set up CI" });
    await ada.trpc.board.moveTask.mutate({ projectId, taskId: ci.id, columnId: done, afterId: null, beforeId: null });
    // Within Done it is no news.
    await ada.trpc.board.moveTask.mutate({ projectId, taskId: ci.id, columnId: done, afterId: null, beforeId: null });
    expect(await chatLines(ada, projectId)).toContain("Ada Lovelace finished #1 Set up CI");
    expect((await chatLines(ada, projectId)).filter((line) => line.includes("finished"))).toHaveLength(1);

    await owner.trpc.board.settings.mutate({ projectId, doneLines: false });
    const docs = await ada.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Docs" });
    await ada.trpc.board.moveTask.mutate({ projectId, taskId: docs.id, columnId: done, afterId: null, beforeId: null });
    expect(await chatLines(ada, projectId)).not.toContain("Ada Lovelace finished #2 Docs");
  });

  it("notifies a member a task is assigned to", async () => {
    const [owner, ada] = [await t.member("Olga Owner"), await t.member("Ada Lovelace")];
    const { projectId, todo } = await teamBoard(owner, [ada]);
    const task = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Set up CI" });
    await owner.trpc.board.updateTask.mutate({
      projectId,
      taskId: task.id,
      version: task.version,
      assigneeId: ada.me.id,
    });
    const { items } = await ada.trpc.notifications.list.query({});
    expect(items[0]).toMatchObject({ kind: "task_assigned", text: "assigned you a task in Trail Mapper" });
  });

  it("unassigns a member who leaves or is removed from the team's open tasks, and tells the board", async () => {
    const [owner, ada, bob] = [
      await t.member("Olga Owner"),
      await t.member("Ada Lovelace"),
      await t.member("Bob Builder"),
    ];
    const { projectId, todo, done } = await teamBoard(owner, [ada, bob]);
    const open = await owner.trpc.board.createTask.mutate({
      projectId,
      columnId: todo,
      title: "Open",
      assigneeId: ada.me.id,
    });
    const finished = await owner.trpc.board.createTask.mutate({
      projectId,
      columnId: done,
      title: "Finished",
      assigneeId: ada.me.id,
    });
    const bobs = await owner.trpc.board.createTask.mutate({
      projectId,
      columnId: todo,
      title: "Bob's",
      assigneeId: bob.me.id,
    });
    await ada.trpc.joinRequests.leave.mutate({ projectId });
    await owner.trpc.teams.removeMember.mutate({ projectId, memberId: bob.me.id });
    const assignees = Object.fromEntries(
      (await owner.trpc.board.get.query({ projectId })).tasks.map((task) => [task.id, task.assigneeId]),
    );
    expect(assignees).toEqual({ [open.id]: null, [finished.id]: ada.me.id, [bobs.id]: null });
    const chatId = (await owner.trpc.teams.chat.query({ projectId }))!.chatId;
    expect(t.notices).toContainEqual({
      room: "chat-room",
      name: chatId,
      notice: { type: "board", event: { type: "board" } },
    });
  });

  it("goes with its project", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo } = await teamBoard(owner, []);
    await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Gone soon" });
    await owner.trpc.projects.remove.mutate({ id: projectId });
    const count = async (table: string) =>
      (
        await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE project_id = ${projectId}`)
      )[0]!.n;
    expect([await count("boards"), await count("board_columns"), await count("board_tasks")]).toEqual([0, 0, 0]);
  });
});
