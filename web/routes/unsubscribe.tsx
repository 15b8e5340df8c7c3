import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribedSentence } from "@core/notification-text";
import { BrandHeader } from "@web/components/brand";
import { LinkFailed, LinkOutcomeCard } from "@web/components/link-outcome";
import { Button } from "@web/components/ui/button";
import { loadData } from "@web/lib/data";
import { DataProvider } from "@web/lib/data-provider";
import { pageHead } from "@web/lib/head";
import { text } from "@web/lib/search";
import { errorMessage, trpc } from "@web/lib/trpc";

/**
 * Where a digest's 'Stop e-mails about …' link opens, signed in or not: the link turns that kind's
 * e-mail off as the page opens, and the page says so. It does so from the page, not on the GET
 * itself, so a mail scanner that fetches every link in an e-mail changes nothing.
 */
export const Route = createFileRoute("/unsubscribe")({
  validateSearch: (search): { member?: string; kinds?: string; sig?: string } => ({
    member: text(search.member, 100),
    kinds: text(search.kinds, 300),
    sig: text(search.sig, 100),
  }),
  head: pageHead("Unsubscribe"),
  // The page calls the API, so it brings the query cache and tRPC client the public pages leave out.
  beforeLoad: loadData,
  component: () => (
    <DataProvider>
      <UnsubscribePage />
    </DataProvider>
  ),
});

function UnsubscribePage() {
  const search = Route.useSearch();
  const unsubscribe = trpc.emails.unsubscribe.useMutation();
  const { mutate } = unsubscribe;
  const started = useRef(false);

  useEffect(() => {
    // React's development double effect would otherwise ask twice.
    if (started.current) return;
    started.current = true;
    mutate({ member: search.member ?? "", kinds: search.kinds ?? "", sig: search.sig ?? "" });
  }, [search, mutate]);

  return (
    <div className="flex min-h-screen flex-col">
      <BrandHeader />
      <main className="flex flex-1 items-center justify-center p-4 pb-20">
        {unsubscribe.isSuccess ? (
          <LinkOutcomeCard status="success" title="You are unsubscribed">
            <p className="text-sm text-muted-foreground">{unsubscribedSentence(unsubscribe.data.kinds)}</p>
            <p className="text-sm text-muted-foreground">
              You can turn them back on, and choose what else reaches you, in Settings.
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to="/settings" hash="notifications">
                  Notification Settings
                </Link>
              </Button>
              <Button variant="outline" asChild>
                <Link to="/">Back to Home</Link>
              </Button>
            </div>
          </LinkOutcomeCard>
        ) : unsubscribe.isError ? (
          <LinkOutcomeCard status="error" title="Unsubscribe failed">
            <LinkFailed
              message={errorMessage(unsubscribe.error, INVALID_UNSUBSCRIBE_LINK)}
              retry={
                <Link to="/settings" hash="notifications">
                  Notification Settings
                </Link>
              }
            />
          </LinkOutcomeCard>
        ) : (
          <LinkOutcomeCard status="loading" title="Unsubscribing..." />
        )}
      </main>
    </div>
  );
}
