import { generateKeyBetween } from "fractional-indexing";
import type { RouterOutputs } from "@web/lib/types";

export type BoardData = RouterOutputs["board"]["get"];
export type Task = BoardData["tasks"][number];
export type Column = BoardData["columns"][number];

/** Each column's task ids, in board order. Positions are fractional-indexing keys: they sort as plain strings. */
export type Lanes = Record<string, string[]>;

export function lanesOf(board: Pick<BoardData, "columns" | "tasks">): Lanes {
  const lanes: Lanes = Object.fromEntries(board.columns.map((column) => [column.id, []]));
  const ordered = [...board.tasks].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  for (const task of ordered) lanes[task.columnId]?.push(task.id);
  return lanes;
}

export const laneOf = (lanes: Lanes, id: string) =>
  id in lanes ? id : Object.keys(lanes).find((c) => lanes[c]!.includes(id));

/** Where a task sits in `lanes`: its column and the tasks either side (what `board.moveTask` asks for). */
export function placeOf(lanes: Lanes, taskId: string) {
  const columnId = laneOf(lanes, taskId)!;
  const lane = lanes[columnId]!;
  const index = lane.indexOf(taskId);
  return { columnId, afterId: lane[index - 1] ?? null, beforeId: lane[index + 1] ?? null, index, size: lane.length };
}

/**
 * The board as the page shows it at once after a move: the task in its new column with a key between
 * its new neighbours'. The server's answer and the live events then replace it with the task as stored.
 */
export function movedLocally(
  board: BoardData,
  taskId: string,
  place: { columnId: string; afterId: string | null; beforeId: string | null },
): BoardData {
  const key = (id: string | null) => (id ? (board.tasks.find((t) => t.id === id)?.position ?? null) : null);
  let position: string;
  try {
    position = generateKeyBetween(key(place.afterId), key(place.beforeId));
  } catch {
    // Two neighbours with the same key (another member's move on its way): the server settles it.
    position = key(place.afterId) ?? key(place.beforeId) ?? "a0";
  }
  return {
    ...board,
    tasks: board.tasks.map((t) => (t.id === taskId ? { ...t, columnId: place.columnId, position } : t)),
  };
}

/** Whether `next` is a newer state of the task than `held`: live events may arrive after the page's own answer. */
export const isNewer = (next: Task, held: Task) =>
  next.version > held.version || (next.version === held.version && next.updatedAt > held.updatedAt);

/** The board with `task` as stored, unless the page already holds a newer state of it. */
export function withTask(board: BoardData, task: Task): BoardData {
  const held = board.tasks.find((t) => t.id === task.id);
  if (!held) return { ...board, tasks: [...board.tasks, task] };
  if (!isNewer(task, held)) return board;
  return { ...board, tasks: board.tasks.map((t) => (t.id === task.id ? task : t)) };
}
