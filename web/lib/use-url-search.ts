import { useCallback, useEffect, useState } from "react";

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

/** A route's `useNavigate()`, asked only to change its own search params in place. */
type NavigateSearch<T> = (options: { search: (prev: T) => T; replace: true }) => unknown;

/**
 * A list page's words and filters, held by the URL so that a copied link shows the same view: a
 * filter goes into the URL at once, the search box's words once the member pauses typing.
 */
export function useUrlSearch<T extends { search?: string }>(filters: T, navigate: NavigateSearch<T>) {
  const [text, setText] = useState(filters.search ?? "");
  const typed = text.trim() || undefined;

  const setFilters = useCallback(
    (change: Partial<T>) => void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true }),
    [navigate],
  );

  // When the URL's words change by other means than typing (Back, a link), the box follows them,
  // unless the member has typed since the box last matched the URL.
  const [searched, setSearched] = useState(filters.search);
  if (searched !== filters.search) {
    setSearched(filters.search);
    if (typed === searched) setText(filters.search ?? "");
  }

  useEffect(() => {
    if (typed === filters.search) return;
    const timer = setTimeout(() => setFilters({ search: typed } as Partial<T>), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.search, setFilters]);

  /** Empties the box and drops every word and filter from the URL. */
  const clear = useCallback(() => {
    setText("");
    void navigate({ search: () => ({}) as T, replace: true });
  }, [navigate]);

  return { text, setText, setFilters, clear };
}
