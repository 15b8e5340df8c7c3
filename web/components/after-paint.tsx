import { Suspense, useEffect, useState, type ReactNode } from "react";

/**
 * Renders `children` (usually lazy) only once the page has painted, and `fallback` until then: for
 * parts whose code must not hold up a visitor's first paint, e.g. the session check's query cache.
 */
export function AfterPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after next: the browser has painted what this render committed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
