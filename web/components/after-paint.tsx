import { startTransition, Suspense, useEffect, useState, type ReactNode } from "react";

/**
 * Renders `children` (usually lazy) only once the page has painted, and `fallback` until then: for
 * parts whose code must not hold up a visitor's first paint, e.g. the session check's query cache.
 * They render as a transition: an urgent render meanwhile (a scroll's, which the message list makes
 * with flushSync) leaves them out, where it would otherwise fetch their code and render them inside
 * its own task, and their render yields to the browser as it goes.
 */
export function AfterPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after next: the browser has painted what this render committed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => startTransition(() => setPainted(true)))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
