/**
 * A project's board under 20 members moving and editing its tasks at once, through every serving
 * process of the multi-process host and the rooms in workerd. Each member's board is a client that
 * holds what `board.get` answered and applies the room's events as the page does (a task's copy
 * with the higher version wins; a "board" notice reads it all again). At the end the database holds
 * each task once, positions are unique within each column, every board equals the database's, and
 * the project's figures, which follow the board, match its Done column.
 */
import { describe, expect, it } from "vitest";
import type { ChatRoomEvent, WireTask } from "@party/protocol";
import { eventually, roomSocket } from "@testing/rooms-process";
import { crowdHostWithRooms, expectNoServerErrors, outcome, signUpMany, type Outcome } from "./crowd";

const live = crowdHostWithRooms("board-concurrency-secret");

const MEMBERS = 20;
const TASKS = 30;
/** A minute of racing moves and edits: thousands of them on two cores. */
const DURATION_MS = 60_000;

type Browser = Awaited<ReturnType<typeof signUpMany>>[number]["browser"];

/** A board page without the page: the tasks it holds, kept by the room's events. */
function boardClient(browser: Browser, projectId: string, chatId: string) {
  const held = new Map<string, WireTask>();
  const hold = (task: WireTask) => {
    const before = held.get(task.id);
    if (!before || task.version > before.version) held.set(task.id, task);
  };
  const refetch = async () => (await browser.trpc.board.get.query({ projectId })).tasks.forEach(hold);
  const socket = roomSocket(
    live.rooms.host,
    "chat-room",
    chatId,
    async () => {
      return (await browser.trpc.chats.ticket.query({ chatId })).ticket;
    },
    true,
  );
  // On every (re)connect the page reads the board again: what it missed while away is in it.
  socket.socket.addEventListener("open", () => void refetch().catch(() => undefined));
  socket.socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as ChatRoomEvent;
    if (data.type !== "board") return;
    if (data.event.type === "task") hold(data.event.task);
    else if (data.event.type === "taskDeleted") held.delete(data.event.taskId);
    else void refetch().catch(() => undefined);
  });
  return {
    /** Connected, and holding the board as it was read once the socket was open. */
    opened: socket.opened.then(refetch),
    tasks: () => [...held.values()],
    close: () => socket.socket.close(),
  };
}

const view = (tasks: WireTask[]) =>
  tasks
    .map((t) => ({ id: t.id, columnId: t.columnId, position: t.position, title: t.title, version: t.version }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

describe("a busy board", () => {
  it(`${MEMBERS} members moving and editing ${TASKS} tasks for ${DURATION_MS / 1000} s end with one board`, async () => {
    const [owner, ...team] = await signUpMany(live.host, MEMBERS + 1, "board");
    const { id: projectId } = await owner!.browser.trpc.projects.create.mutate({
      title: "Busy board",
      category: "IoT",
    });
    for (const member of team) {
      const { id } = await member.browser.trpc.joinRequests.request.mutate({ projectId });
      await owner!.browser.trpc.joinRequests.accept.mutate({ requestId: id });
    }
    const { chatId } = (await owner!.browser.trpc.teams.chat.query({ projectId }))!;
    const { columns } = await owner!.browser.trpc.board.get.query({ projectId });
    const columnIds = columns.map((c) => c.id);
    for (let i = 0; i < TASKS; i++) {
      await owner!.browser.trpc.board.createTask.mutate({ projectId, columnId: columnIds[0]!, title: `Task ${i}` });
    }
    // The project's figures follow the board, so every move across columns also rewrites them.
    await owner!.browser.trpc.board.settings.mutate({ projectId, progressFollowsBoard: true });
    const clients = team.map((m) => boardClient(m.browser, projectId, chatId));
    await Promise.all(clients.map((c) => c.opened));

    const until = Date.now() + DURATION_MS;
    const outcomes: Outcome<unknown>[] = [];
    await Promise.all(
      team.map(async (member, who) => {
        const client = clients[who]!;
        for (let i = 0; Date.now() < until; i++) {
          const tasks = client.tasks();
          const task = pick(tasks);
          if (i % 3 === 2) {
            outcomes.push(
              await outcome(
                member.browser.trpc.board.updateTask.mutate({
                  projectId,
                  taskId: task.id,
                  version: task.version,
                  title: `Task by ${who} #${i}`,
                }),
              ),
            );
            continue;
          }
          const columnId = pick(columnIds);
          const column = tasks
            .filter((t) => t.columnId === columnId && t.id !== task.id)
            .sort((a, b) => (a.position < b.position ? -1 : 1));
          const at = Math.floor(Math.random() * (column.length + 1));
          outcomes.push(
            await outcome(
              member.browser.trpc.board.moveTask.mutate({
                projectId,
                taskId: task.id,
                columnId,
                afterId: column[at - 1]?.id ?? null,
                beforeId: column[at]?.id ?? null,
              }),
            ),
          );
        }
      }),
    );
    expectNoServerErrors(outcomes);
    // Only stale edits are refused, each with the conflict's words.
    const refused = outcomes.filter((o): o is Extract<Outcome<unknown>, { ok: false }> => !o.ok);
    expect(refused.filter((o) => !o.message.endsWith("changed this task while you were editing"))).toEqual([]);
    console.log(`${outcomes.length} moves and edits, ${refused.length} stale edits refused`);
    expect(outcomes.length).toBeGreaterThan(200);

    const db = live.host.openDatabase();
    try {
      const duplicates = await db.execute({
        sql: `SELECT column_id, position FROM board_tasks WHERE project_id = ?
              GROUP BY column_id, position HAVING count(*) > 1`,
        args: [projectId],
      });
      expect(duplicates.rows).toEqual([]);
    } finally {
      db.close();
    }
    const stored = (await owner!.browser.trpc.board.get.query({ projectId })).tasks;
    expect(stored.map((t) => t.number).sort((a, b) => a - b)).toEqual(Array.from({ length: TASKS }, (_, i) => i + 1));
    for (const client of clients) await eventually(() => expect(view(client.tasks())).toEqual(view(stored)));
    const { progress, completedFeatures, boardTasks } = await owner!.browser.trpc.projects.byId.query({
      id: projectId,
    });
    const done = stored
      .filter((t) => t.columnId === columnIds.at(-1))
      .sort((a, b) => (a.position < b.position ? -1 : 1));
    expect(boardTasks).toMatchObject({ done: done.length, total: TASKS });
    expect(progress).toBe(Math.round((done.length * 100) / TASKS));
    expect(completedFeatures).toEqual(done.map((t) => t.title));
    for (const client of clients) client.close();
  }, 180_000);
});
