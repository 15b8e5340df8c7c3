import { UNLINK_NEEDS_PASSWORD } from "@core/auth-messages";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";
import { Section } from "./sign-in-card";

/** Whether Google signs this account in; it may stop only while a password still can. */
export function ConnectedSignIn({ overview }: { overview: RouterOutputs["credentials"]["overview"] }) {
  const utils = trpc.useUtils();
  const unlink = trpc.credentials.unlinkGoogle.useMutation({
    onSuccess: async () => {
      notify.success("Google Disconnected", "Sign in with your e-mail address and password from now on.");
      await utils.credentials.overview.invalidate();
    },
    onError: (error) => notify.error("Google Sign-In", errorMessage(error)),
  });

  return (
    <Section title="Connected sign-in" description="Other ways to sign in to this account.">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3">
        <div className="flex items-center gap-3">
          <span className="font-medium">Google</span>
          {overview.google ? <Badge>Connected</Badge> : <Badge variant="outline">Not connected</Badge>}
        </div>
        {overview.google && (
          <Button
            variant="outline"
            size="sm"
            disabled={!overview.hasPassword || unlink.isPending}
            onClick={() => unlink.mutate()}
          >
            {unlink.isPending ? "Disconnecting..." : "Disconnect"}
          </Button>
        )}
      </div>
      {overview.google && !overview.hasPassword && (
        <p className="text-sm text-muted-foreground">{UNLINK_NEEDS_PASSWORD}</p>
      )}
    </Section>
  );
}
