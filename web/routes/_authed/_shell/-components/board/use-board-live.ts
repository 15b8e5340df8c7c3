import { useCallback, useEffect } from "react";
import type { BoardEvent, ChatRoomEvent } from "@party/protocol";
import { onBoardEvent } from "@web/lib/member-room";
import { useRoomSocket } from "@web/lib/room-socket";
import { trpc } from "@web/lib/trpc";
import { useBoardCache } from "./use-board-cache";

/**
 * The board's changes as other members (or the owner's other pages) make them, through the project
 * team's room: a task as stored replaces the page's copy when it is newer; a change to columns,
 * labels or settings, or a socket opening, brings the whole board again. A project with no team yet
 * has no team room: its owner hears their board's changes in their own room (web/lib/member-room.ts).
 */
export function useBoardLive(projectId: string) {
  const utils = trpc.useUtils();
  const chat = trpc.teams.chat.useQuery({ projectId });
  const chatId = chat.data?.chatId;
  const { receive, update, refetch } = useBoardCache(projectId);
  const apply = useCallback(
    (change: BoardEvent) => {
      if (change.type === "task") receive(change.task);
      else if (change.type === "taskDeleted")
        update((board) => ({ ...board, tasks: board.tasks.filter((t) => t.id !== change.taskId) }));
      else refetch();
    },
    [receive, update, refetch],
  );
  useRoomSocket<ChatRoomEvent>({
    room: "chat-room",
    name: chatId ?? "",
    enabled: chatId !== undefined,
    ticket: () => utils.client.chats.ticket.query({ chatId: chatId! }),
    // The room tells only what happens once the socket is open: whatever a teammate changed between
    // the board's read and then (or while the socket was away) comes with the board read again.
    onOpen: () => refetch(),
    onEvent: (event) => {
      if (event.type === "board") apply(event.event);
    },
  });
  useEffect(
    () =>
      onBoardEvent((id, change) => {
        if (id === projectId) apply(change);
      }),
    [projectId, apply],
  );
}
