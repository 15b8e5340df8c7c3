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

/** What a member reads when the database stayed busy: nothing was changed, so they can retry. */
export const DATABASE_BUSY = "The server is busy right now. Please try again.";
