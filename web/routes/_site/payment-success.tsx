import { createFileRoute, Link } from "@tanstack/react-router";
import { LifeBuoy, Loader2, LogIn, SearchX } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { DataProvider } from "@web/lib/data-provider";
import { pageHead } from "@web/lib/head";
import { text } from "@web/lib/search";
import { useMe } from "@web/lib/session";
import { trpc } from "@web/lib/trpc";
import { SUPPORT_EMAIL } from "./-components/marketing";
import { OrderConfirmation } from "./-components/order-confirmation";

export const Route = createFileRoute("/_site/payment-success")({
  validateSearch: (search): { session_id?: string } => ({ session_id: text(search.session_id, 255) }),
  head: pageHead("Your payment", "The state of your Crewboard Pro purchase, confirmed by our server."),
  component: () => (
    <DataProvider>
      <PaymentSuccess />
    </DataProvider>
  ),
});

/** Stripe's confirmation usually arrives within seconds; the page keeps asking for about a minute. */
const POLL_MS = 2000;
const MAX_POLLS = 30;

function SupportLine() {
  return (
    <p className="mt-10 text-center text-sm text-muted-foreground">
      <LifeBuoy className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
      Questions about your purchase? Contact{" "}
      <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary underline underline-offset-4">
        {SUPPORT_EMAIL}
      </a>
    </p>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl rounded-2xl border bg-card p-8 text-center shadow-sm">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {icon}
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

function NotFound({ refunded = false }: { refunded?: boolean }) {
  return (
    <Notice icon={<SearchX className="size-7" aria-hidden />} title="We could not find this payment">
      <p className="mt-3 text-muted-foreground">
        {refunded
          ? "This payment was refunded, so it no longer gives Pro access."
          : "There is no payment of yours with this reference. If you were charged, our Help Center explains what to do next."}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/help-center">Visit Help Center</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/pricing">Back to Pricing</Link>
        </Button>
      </div>
    </Notice>
  );
}

/** `signedIn` false while the session check is still out: nothing is asked until it is in. */
function Checking({ sessionId, signedIn }: { sessionId: string; signedIn: boolean }) {
  const utils = trpc.useUtils();
  const [answers, setAnswers] = useState(0);
  const status = trpc.billing.status.useQuery(
    { sessionId },
    {
      enabled: signedIn,
      refetchInterval: (query) => (query.state.data?.state === "pending" && answers < MAX_POLLS ? POLL_MS : false),
    },
  );
  const state = status.data?.state;
  useEffect(() => {
    // Counts the server's answers as they arrive, which bounds the polling above.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (status.dataUpdatedAt) setAnswers((n) => n + 1);
  }, [status.dataUpdatedAt]);
  useEffect(() => {
    // The top bar's badge and Settings read the member from these; they must show Pro at once.
    if (state === "active") void Promise.all([utils.auth.me.invalidate(), utils.billing.plan.invalidate()]);
  }, [state, utils]);

  if (status.isError) {
    return (
      <Notice icon={<SearchX className="size-7" aria-hidden />} title="We could not check this payment">
        <p className="mt-3 text-muted-foreground">Our server did not answer. Please try again in a moment.</p>
        <Button className="mt-6" onClick={() => void status.refetch()}>
          Try Again
        </Button>
      </Notice>
    );
  }
  if (state === "active") return <OrderConfirmation />;
  if (state === "not_found" || state === "refunded") return <NotFound refunded={state === "refunded"} />;

  const stillWaiting = state === "pending" && answers >= MAX_POLLS;
  return (
    <Notice
      icon={<Loader2 className="size-7 animate-spin" aria-hidden />}
      title={state ? "Activating your Pro access..." : "Checking your payment..."}
    >
      <p role="status" className="mt-3 text-muted-foreground">
        {!state
          ? "One moment while we look up your purchase."
          : stillWaiting
            ? "Your payment is still being confirmed by the card payment provider. Pro is activated the moment it is; this page can be refreshed at any time."
            : "We are waiting for the card payment provider to confirm your payment. This usually takes a few seconds."}
      </p>
      {stillWaiting && (
        <Button
          className="mt-6"
          variant="outline"
          onClick={() => {
            setAnswers(0);
            void status.refetch();
          }}
        >
          Check again
        </Button>
      )}
    </Notice>
  );
}

function PaymentSuccess() {
  const { session_id: sessionId } = Route.useSearch();
  const me = useMe();
  let content: ReactNode;
  if (!sessionId) content = <NotFound />;
  else if (me === null) {
    content = (
      <Notice icon={<LogIn className="size-7" aria-hidden />} title="Sign in to see your payment">
        <p className="mt-3 text-muted-foreground">Your purchase belongs to your account: sign in to see its status.</p>
        <Button className="mt-6" asChild>
          <Link to="/auth" search={{ redirect: `/payment-success?session_id=${encodeURIComponent(sessionId)}` }}>
            Sign In
          </Link>
        </Button>
      </Notice>
    );
  } else content = <Checking sessionId={sessionId} signedIn={me !== undefined} />;

  return (
    <div className="bg-gradient-to-b from-primary/5 via-background to-background px-4 py-16">
      <div className="mx-auto max-w-2xl">
        {content}
        <SupportLine />
      </div>
    </div>
  );
}
