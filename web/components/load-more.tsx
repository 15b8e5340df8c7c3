import { Button } from "./ui/button";

/** The part of an infinite query the button reads. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load more' under a list, while it has another page; it says 'Loading...' while that page comes. */
export function LoadMore({ pages, className = "justify-self-center" }: { pages: Pages; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className={className}
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? "Loading..." : "Load more"}
    </Button>
  );
}
