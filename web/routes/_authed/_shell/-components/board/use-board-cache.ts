import { useCallback } from "react";
import { trpc } from "@web/lib/trpc";
import { withTask, type BoardData, type Task } from "./board-order";

/**
 * The page's copy of the board (the `board.get` query), changed in place by moves, answers and live
 * events. While the project's figures follow the board, each change leaves the project's pages to
 * read them again when next shown (the board's page shows none of them, so nothing is fetched now).
 */
export function useBoardCache(projectId: string) {
  const utils = trpc.useUtils();
  const figuresChanged = useCallback(() => {
    if (utils.board.get.getData({ projectId })?.settings.progressFollowsBoard) {
      void utils.projects.invalidate(undefined, { refetchType: "none" });
    }
  }, [utils, projectId]);
  const update = useCallback(
    (change: (board: BoardData) => BoardData) => {
      utils.board.get.setData({ projectId }, (board) => (board ? change(board) : board));
      figuresChanged();
    },
    [utils, projectId, figuresChanged],
  );
  const receive = useCallback((task: Task) => update((board) => withTask(board, task)), [update]);
  const refetch = useCallback(() => {
    void utils.board.get.invalidate({ projectId });
    figuresChanged();
  }, [utils, projectId, figuresChanged]);
  return { update, receive, refetch };
}
