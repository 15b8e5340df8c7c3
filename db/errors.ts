/** What a failed statement was refused for, read through the drivers' wrapped errors. */

function someCause(error: unknown, test: (e: Error & { code?: unknown }) => boolean): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (test(e)) return true;
  }
  return false;
}

/** True when the database refused a row for breaking a UNIQUE constraint. */
export const isUniqueViolation = (error: unknown) =>
  someCause(error, (e) => /UNIQUE constraint failed/i.test(e.message));

/** True when a row named someone or something that is gone (a member who just deleted their account). */
export const isForeignKeyViolation = (error: unknown) =>
  someCause(error, (e) => /FOREIGN KEY constraint failed/i.test(e.message));

/**
 * True when another writer held the database past the busy timeout: the request did nothing
 * and may simply be sent again. Locally the driver says SQLITE_BUSY (or its extended codes);
 * Turso says the same in its message.
 */
export const isDatabaseBusy = (error: unknown) =>
  someCause(
    error,
    (e) =>
      (typeof e.code === "string" && e.code.startsWith("SQLITE_BUSY")) ||
      /SQLITE_BUSY|database is locked/i.test(e.message),
  );

/** Socket errors of Node's and undici's fetch, under the driver's "fetch failed". */
const NETWORK_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_)/;

/**
 * True when the database could not be reached: a remote one (Turso, or libSQL over HTTP) refused the
 * connection, dropped it, timed out, or its front answered with a 5xx of its own. Whether a write got
 * through is unknown, as with any lost answer; the member's retry is what every write here is built
 * for (idempotent sends, unique indexes, single-statement races).
 */
export const isDatabaseUnreachable = (error: unknown) =>
  someCause(
    error,
    (e) =>
      (typeof e.code === "string" && NETWORK_CODES.test(e.code)) ||
      (e.code === "SERVER_ERROR" && /HTTP status 5\d\d/.test(e.message)) ||
      e.name === "TimeoutError" ||
      // What workerd's fetch says when the connection fails or drops.
      /network connection lost|connection refused|fetch failed/i.test(e.message),
  );

/** Busy or unreachable: either way the request can only be tried again later. */
export const isDatabaseUnavailable = (error: unknown) => isDatabaseBusy(error) || isDatabaseUnreachable(error);

/** What a member reads when the database stayed busy or could not be reached: they can retry. */
export const DATABASE_BUSY = "The server is busy right now. Please try again.";
