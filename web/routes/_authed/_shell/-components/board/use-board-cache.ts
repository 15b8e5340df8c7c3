import { useCallback } from "react";
import { trpc } from "@web/lib/trpc";
import { withTask, type BoardData, type Task } from "./board-order";

/** The page's copy of the board (the `board.get` query), changed in place by moves, answers and live events. */
export function useBoardCache(projectId: string) {
  const utils = trpc.useUtils();
  const update = useCallback(
    (change: (board: BoardData) => BoardData) =>
      utils.board.get.setData({ projectId }, (board) => (board ? change(board) : board)),
    [utils, projectId],
  );
  const receive = useCallback((task: Task) => update((board) => withTask(board, task)), [update]);
  const refetch = useCallback(() => void utils.board.get.invalidate({ projectId }), [utils, projectId]);
  return { update, receive, refetch };
}
