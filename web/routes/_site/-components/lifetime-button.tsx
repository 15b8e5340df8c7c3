import { useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { CheckCircle2, Loader2 } from "lucide-react";
import { useRef } from "react";
import { Button } from "@web/components/ui/button";
import { DataProvider } from "@web/lib/data-provider";
import { useMe } from "@web/lib/session";
import { notify } from "@web/lib/toast";
import { trpc } from "@web/lib/trpc";

const PAYMENT_ERROR = "Payment Error";

/** Spec §8: the server's own message when it answered, a plain failure when it could not be reached. */
function paymentErrorDescription(error: unknown) {
  return error instanceof TRPCClientError && error.data
    ? `Function error: ${error.message}`
    : "Failed to create payment session";
}

/** Opens the checkout in a new tab, or here when the browser blocks the tab. */
function openCheckout(url: string) {
  const tab = window.open(url, "_blank");
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

/**
 * 'Get Lifetime Access': idle, 'Processing...' while the server prepares a Stripe Checkout, then the
 * checkout in a new tab. Visitors sign in first and come back here; Pro members see what they have.
 */
export default function LifetimeAccess() {
  return (
    <DataProvider>
      <LifetimeButton />
    </DataProvider>
  );
}

function LifetimeButton() {
  const me = useMe();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // One id per purchase attempt: repeats of it (a double click, a retried request) get one checkout.
  const attemptId = useRef(crypto.randomUUID());
  // A failed attempt is over: the next click must not get its answer again.
  const failed = (description: string) => {
    attemptId.current = crypto.randomUUID();
    notify.error(PAYMENT_ERROR, description);
  };
  const checkout = trpc.billing.createCheckout.useMutation({
    onSuccess: ({ url }) => {
      if (!url) return failed("No checkout URL received from payment function");
      notify.success("Redirecting to Checkout", "Complete your purchase in the new tab.");
      openCheckout(url);
    },
    onError: (error) => {
      failed(paymentErrorDescription(error));
      // Pro bought in another tab since this page loaded: show it instead of the button.
      if (error.data?.code === "CONFLICT") void utils.auth.me.invalidate();
    },
  });

  if (me?.profile?.isPro) {
    return (
      <p className="flex h-11 items-center justify-center gap-2 rounded-md bg-green-600/10 text-sm font-semibold text-green-800 dark:text-green-400">
        <CheckCircle2 className="size-4" aria-hidden /> You have Lifetime Access
      </p>
    );
  }
  return (
    <Button
      size="lg"
      className="w-full"
      disabled={checkout.isPending || me === undefined}
      onClick={() => {
        if (me === null) void navigate({ to: "/auth", search: { redirect: "/pricing" } });
        else checkout.mutate({ attemptId: attemptId.current });
      }}
    >
      {checkout.isPending ? (
        <>
          <Loader2 className="animate-spin" aria-hidden /> Processing...
        </>
      ) : (
        "Get Lifetime Access"
      )}
    </Button>
  );
}
