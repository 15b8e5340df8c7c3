import { createFileRoute, redirect } from "@tanstack/react-router";
import { positive } from "@web/lib/search";

/** The spelling of the board's address: the board lives under the project's own page. */
export const Route = createFileRoute("/_authed/_shell/projects/$id/board")({
  validateSearch: (search): { task?: number } => ({ task: positive(search.task) }),
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: "/project/$id/board", params, search, replace: true });
  },
});
