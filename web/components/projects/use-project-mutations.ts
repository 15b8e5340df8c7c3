import { notify } from "@web/lib/toast";
import { errorMessage, isApiError, trpc } from "@web/lib/trpc";

/**
 * Every projects query (lists, figures, details) may show what a change touched, and so may the
 * team chats (renamed with the project, archived with it) and the project suggestions.
 */
export function useRefreshProjects() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.projects.invalidate(),
      utils.joinRequests.invalidate(),
      utils.teams.invalidate(),
      utils.suggestions.projects.invalidate(),
    ]);
}

const codeOf = (error: unknown) => (isApiError(error) ? error.data?.code : undefined);

export const isForbidden = (error: unknown) => codeOf(error) === "FORBIDDEN";

/**
 * The spec's toasts for a failed create, edit or delete: 'Permission Error' for someone else's
 * project, 'Authentication Error' once signed out, otherwise 'Failed to … project'.
 */
export function notifyProjectFailure(error: unknown, action: "create" | "update" | "delete") {
  if (isForbidden(error)) notify.error("Permission Error", errorMessage(error));
  else if (codeOf(error) === "UNAUTHORIZED")
    notify.error("Authentication Error", `You must be logged in to ${action} a project.`);
  else if (isApiError(error) && error.data)
    notify.error("Project Error", `Failed to ${action} project: ${error.message}`);
  else notify.error("Project Error", `Failed to ${action} project. Please try again.`);
}
