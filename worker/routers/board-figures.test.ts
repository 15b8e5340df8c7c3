/** A project's progress and feature lists following its board, once its owner turns it on. */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { OWNER_ONLY } from "@core/board-rules";
import { MAX_LIST_ITEM_LENGTH, MAX_LIST_ITEMS } from "@core/project-rules";
import { teamBoard } from "@testing/board";
import { createTestApp, rejection, type TestApp, type TestMember } from "@testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SIGNUP_PER_IP: "10000" });
});

/** A project with typed figures, whose owner accepted `members` onto its team. */
const project = (owner: TestMember, ...members: TestMember[]) =>
  teamBoard(owner, members, {
    progress: 40,
    plannedFeatures: ["Typed plan"],
    pendingFeatures: ["Typed work"],
    completedFeatures: ["Typed done"],
  });

/** The project's figures as every page that reads projects sees them. */
async function figures(m: TestMember, projectId: string) {
  const p = await m.trpc.projects.byId.query({ id: projectId });
  return {
    progress: p.progress,
    planned: p.plannedFeatures,
    pending: p.pendingFeatures,
    completed: p.completedFeatures,
    boardTasks: p.boardTasks,
  };
}

const follow = (owner: TestMember, projectId: string, on = true) =>
  owner.trpc.board.settings.mutate({ projectId, progressFollowsBoard: on });

/** Writes the project's progress behind the app's back, to see whether a board write takes it again. */
const scribble = (projectId: string) => t.db.run(sql`UPDATE projects SET progress = 77 WHERE id = ${projectId}`);

describe("a project's figures following its board", () => {
  it("take the board's tasks when turned on: first column planned, last completed, any between pending", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo, doing, done } = await project(owner);
    for (const [columnId, title] of [
      [todo, "Sketch map"],
      [doing, "Offline tiles"],
      [done, "Set up CI"],
      [todo, "Share a trail"],
    ] as const) {
      await owner.trpc.board.createTask.mutate({ projectId, columnId, title });
    }
    expect(await figures(owner, projectId)).toMatchObject({ progress: 40, planned: ["Typed plan"], boardTasks: null });
    await follow(owner, projectId);
    expect(await figures(owner, projectId)).toEqual({
      progress: 25,
      planned: ["Sketch map", "Share a trail"],
      pending: ["Offline tiles"],
      completed: ["Set up CI"],
      boardTasks: { done: 1, planned: 2, total: 4 },
    });
  });

  it("change as tasks are made, moved across columns, retitled and deleted", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo, doing, done } = await project(owner);
    await follow(owner, projectId);
    expect(await figures(owner, projectId)).toEqual({
      progress: 0,
      planned: [],
      pending: [],
      completed: [],
      boardTasks: { done: 0, planned: 0, total: 0 },
    });
    const ci = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Set up CI" });
    const map = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Sketch map" });
    await owner.trpc.board.createTask.mutate({ projectId, columnId: doing, title: "Offline tiles" });
    expect(await figures(owner, projectId)).toMatchObject({
      progress: 0,
      planned: ["Set up CI", "Sketch map"],
      pending: ["Offline tiles"],
    });

    await owner.trpc.board.moveTask.mutate({ projectId, taskId: ci.id, columnId: done, afterId: null, beforeId: null });
    expect(await figures(owner, projectId)).toEqual({
      progress: 33,
      planned: ["Sketch map"],
      pending: ["Offline tiles"],
      completed: ["Set up CI"],
      boardTasks: { done: 1, planned: 1, total: 3 },
    });

    await owner.trpc.board.updateTask.mutate({ projectId, taskId: map.id, version: map.version, title: "Draw map" });
    expect((await figures(owner, projectId)).planned).toEqual(["Draw map"]);

    await owner.trpc.board.deleteTask.mutate({ projectId, taskId: map.id });
    expect(await figures(owner, projectId)).toMatchObject({
      progress: 50,
      planned: [],
      boardTasks: { done: 1, planned: 0, total: 2 },
    });
  });

  it("keep board order in each list, and follow the columns as the owner adds, reorders and removes them", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo, doing, done } = await project(owner);
    await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "B" });
    await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "A" });
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: "Shipped" });
    await follow(owner, projectId);
    // The board's order, not the titles'.
    expect((await figures(owner, projectId)).planned).toEqual(["B", "A"]);

    // A new column at the end is the new Done: what was done is now pending.
    const review = await owner.trpc.board.addColumn.mutate({ projectId, name: "Released" });
    expect(await figures(owner, projectId)).toMatchObject({ progress: 0, pending: ["Shipped"], completed: [] });

    // Moving Done back to the end.
    await owner.trpc.board.moveColumn.mutate({ projectId, columnId: done, toIndex: 3 });
    expect(await figures(owner, projectId)).toMatchObject({ progress: 33, pending: [], completed: ["Shipped"] });

    // In progress to the front: its tasks (none) are planned, To do's are pending.
    await owner.trpc.board.moveColumn.mutate({ projectId, columnId: doing, toIndex: 0 });
    expect(await figures(owner, projectId)).toMatchObject({ planned: [], pending: ["B", "A"] });

    await owner.trpc.board.moveColumn.mutate({ projectId, columnId: done, toIndex: 2 });
    expect(await figures(owner, projectId)).toMatchObject({ progress: 0, completed: [] });
    await owner.trpc.board.removeColumn.mutate({ projectId, columnId: review.id });
    expect(await figures(owner, projectId)).toMatchObject({ progress: 33, completed: ["Shipped"] });
  });

  it("count a board of one column as done, as its Done line does", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo, doing, done } = await project(owner);
    await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Everything" });
    await follow(owner, projectId);
    await owner.trpc.board.removeColumn.mutate({ projectId, columnId: doing });
    await owner.trpc.board.removeColumn.mutate({ projectId, columnId: done });
    expect(await figures(owner, projectId)).toEqual({
      progress: 100,
      planned: [],
      pending: [],
      completed: ["Everything"],
      boardTasks: { done: 1, planned: 0, total: 1 },
    });
  });

  it("reorder a list when a task moves within its column, and are not taken again for what they do not show", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo } = await project(owner);
    const a = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "A" });
    const b = await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "B" });
    await follow(owner, projectId);
    expect((await figures(owner, projectId)).planned).toEqual(["A", "B"]);
    await owner.trpc.board.moveTask.mutate({ projectId, taskId: b.id, columnId: todo, afterId: null, beforeId: a.id });
    expect((await figures(owner, projectId)).planned).toEqual(["B", "A"]);
    // Editing what the figures do not show leaves them.
    await scribble(projectId);
    await owner.trpc.board.updateTask.mutate({ projectId, taskId: b.id, version: b.version + 1, description: "More" });
    expect((await figures(owner, projectId)).progress).toBe(77);
  });

  it("hold the project form's limits: the first 50 titles of each list, each once and cut to 80 characters", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo, done } = await project(owner);
    const long = "L".repeat(MAX_LIST_ITEM_LENGTH + 20);
    for (let n = 0; n < MAX_LIST_ITEMS + 5; n++) {
      await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: `Task ${n}` });
    }
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: long });
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: "Twice" });
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: "Twice" });
    await follow(owner, projectId);
    const now = await figures(owner, projectId);
    expect(now.planned).toEqual(Array.from({ length: MAX_LIST_ITEMS }, (_, n) => `Task ${n}`));
    expect(now.completed).toEqual([`${"L".repeat(MAX_LIST_ITEM_LENGTH - 1)}…`, "Twice"]);
    expect(now.boardTasks).toEqual({ done: 3, planned: MAX_LIST_ITEMS + 5, total: MAX_LIST_ITEMS + 8 });
    expect(now.progress).toBe(Math.round((3 * 100) / (MAX_LIST_ITEMS + 8)));
    // So the owner can save the form as it stands once the figures stop following.
    await follow(owner, projectId, false);
    const { progress, plannedFeatures, pendingFeatures, completedFeatures } = await owner.trpc.projects.byId.query({
      id: projectId,
    });
    const form = { title: "Trail Mapper", category: "Mobile Apps" as const, progress };
    await owner.trpc.projects.update.mutate({
      ...form,
      plannedFeatures,
      pendingFeatures,
      completedFeatures,
      id: projectId,
    });
    expect((await figures(owner, projectId)).completed).toEqual(now.completed);
  });

  it("are not written by the project's form while following, and are the owner's again once turned off", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, done } = await project(owner);
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: "Set up CI" });
    await follow(owner, projectId);
    const typed = {
      id: projectId,
      title: "Trail Mapper 2",
      category: "Mobile Apps" as const,
      progress: 5,
      plannedFeatures: ["Stale plan"],
      pendingFeatures: ["Stale work"],
      completedFeatures: [],
    };
    await owner.trpc.projects.update.mutate(typed);
    const p = await owner.trpc.projects.byId.query({ id: projectId });
    expect(p.title).toBe("Trail Mapper 2");
    expect(await figures(owner, projectId)).toEqual({
      progress: 100,
      planned: [],
      pending: [],
      completed: ["Set up CI"],
      boardTasks: { done: 1, planned: 0, total: 1 },
    });

    await follow(owner, projectId, false);
    expect(await figures(owner, projectId)).toEqual({
      progress: 100,
      planned: [],
      pending: [],
      completed: ["Set up CI"],
      boardTasks: null,
    });
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: "Not counted" });
    expect((await figures(owner, projectId)).completed).toEqual(["Set up CI"]);
    await owner.trpc.projects.update.mutate(typed);
    expect(await figures(owner, projectId)).toMatchObject({ progress: 5, planned: ["Stale plan"], completed: [] });
  });

  it("are turned on and off by the owner alone; the team and other members read the tasks done", async () => {
    const [owner, ada, stranger] = [await t.member("Olga Owner"), await t.member("Ada"), await t.member("Sam")];
    const { projectId, done } = await project(owner, ada);
    await owner.trpc.board.createTask.mutate({ projectId, columnId: done, title: "Set up CI" });
    expect(await rejection(follow(ada, projectId))).toMatchObject({ code: "FORBIDDEN", message: OWNER_ONLY });
    expect(await rejection(follow(stranger, projectId))).toMatchObject({ code: "NOT_FOUND" });
    expect(await figures(stranger, projectId)).toMatchObject({ progress: 40, boardTasks: null });
    await follow(owner, projectId);
    expect(await figures(stranger, projectId)).toMatchObject({
      progress: 100,
      boardTasks: { done: 1, planned: 0, total: 1 },
    });
    expect((await figures(ada, projectId)).boardTasks).toEqual({ done: 1, planned: 0, total: 1 });
  });

  it("go with a deleted project's board", async () => {
    const owner = await t.member("Olga Owner");
    const { projectId, todo } = await project(owner);
    await owner.trpc.board.createTask.mutate({ projectId, columnId: todo, title: "Set up CI" });
    await follow(owner, projectId);
    await owner.trpc.projects.remove.mutate({ id: projectId });
    expect(await rejection(owner.trpc.projects.byId.query({ id: projectId }))).toMatchObject({ code: "NOT_FOUND" });
  });
});
