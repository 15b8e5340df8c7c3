import { useEffect, useState } from "react";

/** A search asks once the member pauses typing. */
const SEARCH_DELAY_MS = 250;

/** What was typed, trimmed, once the member paused. */
export function usePaused(text: string) {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused.trim();
}
