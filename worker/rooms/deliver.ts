/**
 * Telling a room is best effort with a few quick retries, off the request's path: the message is
 * already stored, and a page that missed the broadcast fetches it on its next (re)connect or gap.
 * The retries cover a rooms process that is restarting, so open pages still get the message within
 * seconds without a reload.
 */
const RETRY_DELAYS_MS = [0, 250, 1000, 2500];

export async function deliver(what: string, attempt: () => Promise<void>) {
  let lastError: unknown;
  for (const delay of RETRY_DELAYS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
    }
  }
  console.warn(`Could not tell the room about ${what}:`, lastError instanceof Error ? lastError.message : lastError);
}
