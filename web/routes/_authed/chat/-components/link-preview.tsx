import { CircleDot, GitMerge, GitPullRequest, GitPullRequestDraft, X, type LucideIcon } from "lucide-react";
import { use, type ReactNode } from "react";
import { REMOVE_PREVIEW, type GithubState, type LinkPreview } from "@core/link-previews";
import type { WireMessage } from "@party/protocol";
import { cn } from "@web/lib/cn";
import { trpc } from "@web/lib/trpc";
import { MessageActionsContext } from "./message-actions";

const number = new Intl.NumberFormat();

const STATES: Record<GithubState, { label: string; className: string }> = {
  open: { label: "Open", className: "bg-emerald-700 text-white dark:bg-emerald-500 dark:text-emerald-950" },
  draft: { label: "Draft", className: "bg-muted-foreground text-background" },
  merged: { label: "Merged", className: "bg-purple-700 text-white dark:bg-purple-400 dark:text-purple-950" },
  closed: { label: "Closed", className: "bg-red-700 text-white dark:bg-red-400 dark:text-red-950" },
};

const pullIcon: Record<GithubState, LucideIcon> = {
  open: GitPullRequest,
  draft: GitPullRequestDraft,
  merged: GitMerge,
  closed: GitPullRequest,
};

/** The card's address as a link out; the server only makes cards of http(s) addresses. */
function Title({ url, children }: { url: string; children: ReactNode }) {
  return (
    <a
      href={/^https?:\/\//i.test(url) ? url : undefined}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="line-clamp-2 font-semibold text-foreground underline-offset-2 outline-none hover:underline focus-visible:underline"
    >
      {children}
    </a>
  );
}

const Site = ({ children }: { children: ReactNode }) => (
  <span className="block truncate text-xs text-muted-foreground">{children}</span>
);

const Description = ({ children }: { children: ReactNode }) =>
  children ? <p className="line-clamp-2 text-xs text-muted-foreground">{children}</p> : null;

function CardBody({ card }: { card: LinkPreview }) {
  switch (card.kind) {
    case "page":
      return (
        <div className="flex gap-3">
          <div className="min-w-0 flex-1 space-y-0.5">
            <Site>{card.siteName ?? new URL(card.url).hostname.replace(/^www\./, "")}</Site>
            <Title url={card.url}>{card.title}</Title>
            <Description>{card.description}</Description>
          </div>
          {card.image && (
            <img
              src={card.image}
              alt=""
              loading="lazy"
              className="size-16 shrink-0 rounded-md bg-muted object-cover"
              // No picture (it could not be fetched): the card reads as well without one.
              onError={(event) => (event.currentTarget.hidden = true)}
            />
          )}
        </div>
      );
    case "repository":
      return (
        <div className="space-y-0.5">
          <Site>GitHub</Site>
          <Title url={card.url}>{card.fullName}</Title>
          <Description>{card.description}</Description>
          <p className="flex items-center gap-3 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              {/* A glyph, not the icon: the landing page's testimonials draw that icon, and sharing it
                  would split it into a request of its own on the landing page's start. */}
              <span aria-hidden>★</span>
              {number.format(card.stars)} <span className="sr-only">stars</span>
            </span>
            {card.language && <span>{card.language}</span>}
          </p>
        </div>
      );
    default: {
      const state = STATES[card.state];
      const Icon = card.kind === "pull" ? pullIcon[card.state] : CircleDot;
      return (
        <div className="space-y-1">
          <Site>
            GitHub · {card.repository} · {card.kind === "pull" ? "Pull request" : "Issue"} #{card.number}
          </Site>
          <Title url={card.url}>{card.title}</Title>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span
              className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium", state.className)}
            >
              <Icon aria-hidden className="size-3.5" />
              {state.label}
            </span>
            {card.author && <span>by {card.author}</span>}
          </p>
        </div>
      );
    }
  }
}

/**
 * Under a message with a web address whose preview was not taken off: the card the server made of
 * it (worker/previews/), once it has one; nothing while it is asked for, or when there is none. Its
 * author can take it off.
 */
export default function LinkPreviewCard({ message, own }: { message: WireMessage; own: boolean }) {
  const { data: card } = trpc.previews.ofMessage.useQuery(
    { chatId: message.chatId, messageId: message.id, edited: message.editedAt },
    { staleTime: Infinity },
  );
  const { removePreview } = use(MessageActionsContext);
  if (!card) return null;
  return (
    <div
      data-link-preview
      className={cn(
        "relative w-full max-w-sm rounded-lg border border-l-4 border-l-primary/60 bg-card p-2.5 text-sm text-card-foreground shadow-xs",
        own && "pr-8",
        own && "self-end",
      )}
    >
      <CardBody card={card} />
      {own && (
        <button
          type="button"
          aria-label={REMOVE_PREVIEW}
          title={REMOVE_PREVIEW}
          onClick={() => removePreview(message)}
          className="absolute top-1.5 right-1.5 inline-flex size-6 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </div>
  );
}
