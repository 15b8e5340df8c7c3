import { useBlocker } from "@tanstack/react-router";

const LEAVE_WARNING = "You have unsaved changes. Leave this page and lose them?";

/** Asks before a member navigates away from (or closes) a form whose changes are not saved yet. */
export function useConfirmLeave(dirty: boolean) {
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(LEAVE_WARNING),
    enableBeforeUnload: () => dirty,
  });
}

/** Whether two form states differ (forms hold plain values: strings, numbers, lists of strings). */
export const differs = (a: object, b: object) => JSON.stringify(a) !== JSON.stringify(b);
