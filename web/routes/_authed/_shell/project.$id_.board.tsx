import { useCallback } from "react";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { pageHead } from "@web/lib/head";
import { positive } from "@web/lib/search";
import { trpc } from "@web/lib/trpc";
import { Board } from "./-components/board/board";

export const Route = createFileRoute("/_authed/_shell/project/$id_/board")({
  head: pageHead("Board"),
  // `?task=12`: the task numbered 12 opens in its dialog (a `#12` in the team chat links here).
  validateSearch: (search): { task?: number } => ({ task: positive(search.task) }),
  // Only the project's team may see its board: to anyone else it is a page that does not exist.
  loader: async ({ context, params }) => {
    try {
      await context.trpc.board.get.ensureData({ projectId: params.id });
    } catch (error) {
      // Imported here, as the admin guard does, so the route's definition stays light.
      const { isApiError } = await import("@web/lib/trpc");
      if (isApiError(error) && error.data?.code === "NOT_FOUND") throw notFound();
      throw error;
    }
  },
  component: BoardPage,
});

function BoardPage() {
  const { id } = Route.useParams();
  const { task } = Route.useSearch();
  const navigate = Route.useNavigate();
  const board = trpc.board.get.useQuery({ projectId: id });
  // Kept across the board's changes, so a teammate's move re-renders only the cards it touches.
  const onOpenTask = useCallback(
    (number: number | null) =>
      void navigate({ search: (prev) => ({ ...prev, task: number ?? undefined }), replace: number === null }),
    [navigate],
  );
  if (!board.data) return null;
  return <Board board={board.data} openTask={task ?? null} onOpenTask={onOpenTask} />;
}
