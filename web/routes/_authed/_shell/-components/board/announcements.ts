import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { laneOf, type Lanes } from "./board-order";

export const instructions: ScreenReaderInstructions = {
  draggable:
    "To move this task, press Space. Then use the arrow keys: up and down within its column, left and right to another column. Press Space to drop it there, or Escape to put it back. Press Enter to open it.",
};

interface Names {
  task: (id: string) => string;
  column: (id: string) => string;
}

/**
 * What a screen reader says at each step of a move, in plain words: the task, its column, and where
 * in the column it is. `current` is the board as the page shows it during the move (a task over
 * another column is already in it, or joins it on the next render).
 */
export function announcements(current: Lanes, names: Names): Announcements {
  const where = (activeId: string, overId: string) => {
    const columnId = laneOf(current, overId) ?? laneOf(current, activeId)!;
    const lane = current[columnId] ?? [];
    const size = lane.includes(activeId) ? lane.length : lane.length + 1;
    const at = lane.indexOf(overId === columnId ? activeId : overId);
    const position = at === -1 ? size : at + 1;
    return `column ${names.column(columnId)}, position ${position} of ${size}`;
  };
  const task = (id: string | number) => `task ${names.task(String(id))}`;
  return {
    onDragStart: ({ active }) => `Picked up ${task(active.id)} in ${where(String(active.id), String(active.id))}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${task(active.id)} is not over a column.`;
      // Over itself is where it was picked up (the first collision, right after Space): nothing to add.
      if (over.id === active.id) return undefined;
      return `Moving ${task(active.id)}: ${where(String(active.id), String(over.id))}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${task(active.id)} in ${where(String(active.id), String(over.id))}.`
        : `Dropped ${task(active.id)} where it was.`,
    onDragCancel: ({ active }) => `Move cancelled: ${task(active.id)} is back where it was.`,
  };
}
