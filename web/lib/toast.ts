import { toast } from "sonner";

/**
 * The one way the SPA tells a member something happened: the spec's toast titles (§8) with a
 * description, in its four kinds.
 */
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description }),
  warning: (title: string, description?: string) => toast.warning(title, { description }),
  info: (title: string, description?: string) => toast.info(title, { description }),
};
