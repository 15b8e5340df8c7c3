import { notify } from "@web/lib/toast";
import { trpc } from "@web/lib/trpc";

/** The desk's four actions; each done one says so and the reports and log read again. */
export function useDeskActions() {
  const utils = trpc.useUtils();
  const settled = (done: string) => ({
    onSuccess: () => {
      notify.success(done);
      return Promise.all([utils.admin.reports.invalidate(), utils.admin.auditLog.invalidate()]);
    },
    // Another administrator may have acted meanwhile: show the desk as it now is.
    onError: () => utils.admin.reports.invalidate(),
  });
  return {
    dismiss: trpc.admin.dismiss.useMutation(settled("Report dismissed")),
    remove: trpc.admin.removeContent.useMutation(settled("Content removed")),
    suspend: trpc.admin.suspend.useMutation(settled("Member suspended")),
    reinstate: trpc.admin.reinstate.useMutation(settled("Member reinstated")),
  };
}
