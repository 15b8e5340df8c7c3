/** What an error says, for a log line or a row's last_error: its message, at most `max` characters. */
export const messageOf = (error: unknown, max = 500) =>
  (error instanceof Error ? error.message : String(error)).slice(0, max);
