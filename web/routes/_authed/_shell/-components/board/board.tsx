import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { arrayMove, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { BackButton } from "@web/components/back-button";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import { announcements, instructions } from "./announcements";
import { BoardColumn } from "./board-column";
import { laneOf, lanesOf, movedLocally, placeOf, type BoardData, type Lanes } from "./board-order";
import { AddColumnButton, ColumnMenu } from "./column-menu";
import { LabelsDialog } from "./labels-dialog";
import { TaskCardFace, type BoardLookups } from "./task-card";
import { TaskDialog } from "./task-dialog";
import { useBoardCache } from "./use-board-cache";
import { useBoardLive } from "./use-board-live";

/** Space picks a task up and drops it, Escape puts it back; Enter is left to open the task. */
const KEYS = { start: ["Space"], cancel: ["Escape"], end: ["Space"] };

export function Board({
  board,
  openTask,
  onOpenTask,
}: {
  board: BoardData;
  openTask: number | null;
  onOpenTask: (number: number | null) => void;
}) {
  const projectId = board.project.id;
  useBoardLive(projectId);
  const { update, receive, refetch } = useBoardCache(projectId);
  const move = trpc.board.moveTask.useMutation({
    onSuccess: receive,
    onError: (error) => {
      notify.error("Could not move the task", errorMessage(error));
      refetch();
    },
  });

  const stored = useMemo(() => lanesOf(board), [board]);
  // While a task is held, the page's own order (a task over another column is already in it).
  const [held, setHeld] = useState<{ id: string; lanes: Lanes } | null>(null);
  const lanes = held?.lanes ?? stored;

  const byId = useMemo(() => new Map(board.tasks.map((t) => [t.id, t])), [board.tasks]);
  const lookups = useMemo<BoardLookups>(() => {
    const team = new Map(board.team.map((m) => [m.id, m]));
    const labels = new Map(board.labels.map((l) => [l.id, l]));
    return { member: (id) => team.get(id), label: (id) => labels.get(id) };
  }, [board.team, board.labels]);
  const names = useMemo(() => {
    const columns = new Map(board.columns.map((c) => [c.id, c.name]));
    return {
      task: (id: string) => {
        const task = byId.get(id);
        return task ? `#${task.number} ${task.title}` : "";
      },
      column: (id: string) => columns.get(id) ?? "",
    };
  }, [byId, board.columns]);

  const said = useMemo(() => announcements(lanes, names), [lanes, names]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    // A finger rests on a card for a moment to lift it, so a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYS }),
  );

  const onDragStart = ({ active }: DragStartEvent) => setHeld({ id: String(active.id), lanes: stored });

  // Over another column, the task joins it where it is held, so the columns make room for it.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    setHeld((prev) => {
      if (!prev) return prev;
      const from = laneOf(prev.lanes, activeId);
      const to = laneOf(prev.lanes, overId);
      if (!from || !to || from === to) return prev;
      const target = prev.lanes[to]!;
      const overIndex = target.indexOf(overId);
      const index = overIndex === -1 ? target.length : overIndex;
      return {
        ...prev,
        lanes: {
          ...prev.lanes,
          [from]: prev.lanes[from]!.filter((id) => id !== activeId),
          [to]: [...target.slice(0, index), activeId, ...target.slice(index)],
        },
      };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = held?.lanes;
    setHeld(null);
    if (!current || !over) return;
    const activeId = String(active.id);
    const columnId = laneOf(current, activeId)!;
    const lane = current[columnId]!;
    const overIndex = lane.indexOf(String(over.id));
    const final =
      overIndex === -1 ? current : { ...current, [columnId]: arrayMove(lane, lane.indexOf(activeId), overIndex) };
    const place = placeOf(final, activeId);
    const before = placeOf(stored, activeId);
    if (place.columnId === before.columnId && place.afterId === before.afterId && place.beforeId === before.beforeId)
      return;
    update((data) => movedLocally(data, activeId, place));
    move.mutate({
      projectId,
      taskId: activeId,
      columnId: place.columnId,
      afterId: place.afterId,
      beforeId: place.beforeId,
    });
  };

  const heldTask = held ? byId.get(held.id) : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <BackButton fallback="/all-projects" />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">
          <Link to="/project/$id" params={{ id: projectId }} className="hover:underline">
            {board.project.title}
          </Link>{" "}
          <span className="text-muted-foreground">· Board</span>
        </h1>
        <div className="flex items-center gap-3">
          <p className="text-sm text-muted-foreground">
            {board.tasks.length} {board.tasks.length === 1 ? "task" : "tasks"}
          </p>
          {board.canManage && <LabelsDialog board={board} />}
        </div>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        accessibility={{
          announcements: said,
          screenReaderInstructions: instructions,
        }}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => setHeld(null)}
      >
        {/* Columns side by side; on a phone the board scrolls sideways a column at a time. */}
        <div className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:scroll-px-0 sm:px-0">
          {board.columns.map((column, index) => (
            <BoardColumn
              key={column.id}
              projectId={projectId}
              column={column}
              tasks={lanes[column.id]!.map((id) => byId.get(id)!)}
              lookups={lookups}
              onOpen={onOpenTask}
              menu={
                board.canManage && (
                  <ColumnMenu
                    projectId={projectId}
                    column={column}
                    index={index}
                    count={board.columns.length}
                    holdsTasks={lanes[column.id]!.length > 0}
                  />
                )
              }
            />
          ))}
          {board.canManage && <AddColumnButton projectId={projectId} count={board.columns.length} />}
        </div>
        <DragOverlay>{heldTask && <TaskCardFace task={heldTask} lookups={lookups} lifted />}</DragOverlay>
      </DndContext>
      {openTask !== null && <TaskDialog board={board} number={openTask} onClose={() => onOpenTask(null)} />}
    </div>
  );
}
