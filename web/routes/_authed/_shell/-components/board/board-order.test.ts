/**
 * The page's own order of the board: lanes from fractional keys, the place a move asks the server
 * for, the board shown at once after a move, and live events that never roll a task back.
 */
import { describe, expect, test } from "vitest";
import { announcements } from "./announcements";
import { lanesOf, movedLocally, placeOf, withTask, type BoardData, type Task } from "./board-order";

const task = (id: string, columnId: string, position: string, version = 1, updatedAt = 1): Task =>
  ({ id, number: Number(id.slice(1)), title: `Task ${id}`, columnId, position, version, updatedAt }) as Task;

const board = (tasks: Task[]) =>
  ({
    columns: [
      { id: "todo", name: "To do" },
      { id: "doing", name: "In progress" },
    ],
    tasks,
  }) as BoardData;

describe("lanes", () => {
  test("tasks sit in their columns by key, compared as plain strings (as fractional-indexing orders them)", () => {
    const lanes = lanesOf(board([task("t1", "todo", "a1"), task("t2", "todo", "Zz"), task("t3", "doing", "a0")]));
    expect(lanes).toEqual({ todo: ["t2", "t1"], doing: ["t3"] });
  });

  test("a move asks for the neighbours either side of the task's new place", () => {
    const lanes = { todo: ["t1", "t2", "t3"], doing: [] };
    expect(placeOf(lanes, "t2")).toMatchObject({ columnId: "todo", afterId: "t1", beforeId: "t3" });
    expect(placeOf(lanes, "t1")).toMatchObject({ afterId: null, beforeId: "t2" });
  });

  test("moved locally, the task gets a key between its new neighbours and shows there at once", () => {
    const before = board([task("t1", "todo", "a0"), task("t2", "todo", "a1"), task("t3", "doing", "a0")]);
    const after = movedLocally(before, "t3", { columnId: "todo", afterId: "t1", beforeId: "t2" });
    expect(lanesOf(after)).toEqual({ todo: ["t1", "t3", "t2"], doing: [] });
  });
});

describe("live events", () => {
  test("a newer state of a task replaces the page's; an older one, arriving late, is ignored", () => {
    const held = board([task("t1", "todo", "a0", 2, 200)]);
    expect(withTask(held, task("t1", "doing", "a0", 2, 300)).tasks[0]!.columnId).toBe("doing");
    expect(withTask(held, task("t1", "doing", "a0", 3, 100)).tasks[0]!.columnId).toBe("doing");
    expect(withTask(held, task("t1", "doing", "a0", 1, 900))).toBe(held);
    expect(withTask(held, task("t2", "doing", "a0")).tasks).toHaveLength(2);
  });
});

describe("announcements", () => {
  const lanes = { todo: ["t1", "t2"], doing: ["t3"] };
  const say = announcements(lanes, {
    task: (id) => `#${id.slice(1)} Task ${id}`,
    column: (id) => (id === "todo" ? "To do" : "In progress"),
  });
  const active = (id: string) => ({ id }) as never;

  test("each step names the task, its column and its place in plain words", () => {
    expect(say.onDragStart({ active: active("t1") })).toBe(
      "Picked up task #1 Task t1 in column To do, position 1 of 2.",
    );
    expect(say.onDragOver({ active: active("t1"), over: active("t2") })).toBe(
      "Moving task #1 Task t1: column To do, position 2 of 2.",
    );
    // Over another column's task, before the page has moved it there: it would be one more.
    expect(say.onDragOver({ active: active("t1"), over: active("t3") })).toBe(
      "Moving task #1 Task t1: column In progress, position 1 of 2.",
    );
    expect(say.onDragCancel({ active: active("t1"), over: null })).toBe(
      "Move cancelled: task #1 Task t1 is back where it was.",
    );
  });
});
