/**
 * Per-socket message budget: a page sends a heartbeat every 25 s and a typing hint at most every
 * couple of seconds, so 20 messages in 10 s is far above honest use. Kept in memory: a room that
 * hibernates forgets, which only ever gives a socket a fresh budget.
 */
const WINDOW_MS = 10_000;
const MAX_PER_WINDOW = 20;

/** `maxPerWindow`: a budget of its own for traffic that comes in bursts (a call's signals). */
export function floodGuard(maxPerWindow = MAX_PER_WINDOW) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** False once the connection has spent its budget for this window. */
    allow(connectionId: string, now = Date.now()) {
      const window = windows.get(connectionId);
      if (!window || now - window.start >= WINDOW_MS) {
        windows.set(connectionId, { start: now, count: 1 });
        return true;
      }
      return ++window.count <= maxPerWindow;
    },
    forget(connectionId: string) {
      windows.delete(connectionId);
    },
  };
}
