import { useRef } from "react";
import type { ChatRoomEvent } from "@party/protocol";
import { useRoomSocket } from "@web/lib/room-socket";
import { trpc } from "@web/lib/trpc";
import { useBoardCache } from "./use-board-cache";

/**
 * The board's changes as other members make them, through the project team's room: a task as
 * stored replaces the page's copy when it is newer; a change to columns, labels or settings, or a
 * socket that was away, brings the whole board again. A project with no team yet has no room.
 */
export function useBoardLive(projectId: string) {
  const utils = trpc.useUtils();
  const chat = trpc.teams.chat.useQuery({ projectId });
  const chatId = chat.data?.chatId;
  const { receive, update, refetch } = useBoardCache(projectId);
  const opened = useRef(false);
  useRoomSocket<ChatRoomEvent>({
    room: "chat-room",
    name: chatId ?? "",
    enabled: chatId !== undefined,
    ticket: () => utils.client.chats.ticket.query({ chatId: chatId! }),
    onOpen: () => {
      // The first socket opens on the board just read; any later one may have missed changes.
      if (opened.current) refetch();
      opened.current = true;
    },
    onEvent: (event) => {
      if (event.type !== "board") return;
      const change = event.event;
      if (change.type === "task") receive(change.task);
      else if (change.type === "taskDeleted")
        update((board) => ({ ...board, tasks: board.tasks.filter((t) => t.id !== change.taskId) }));
      else refetch();
    },
  });
}
