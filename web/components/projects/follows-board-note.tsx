import { Link } from "@tanstack/react-router";
import { KanbanSquare } from "lucide-react";

/** Heads the project's form while its progress and features follow the board, and leads there. */
export function FollowsBoardNote({ projectId }: { projectId: string }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border bg-muted/50 px-3 py-2.5 text-sm" role="note">
      <KanbanSquare className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        The progress and the planned, pending and completed features follow the project&apos;s board.{" "}
        <Link
          to="/project/$id/board"
          params={{ id: projectId }}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Open the board
        </Link>
      </span>
    </p>
  );
}
