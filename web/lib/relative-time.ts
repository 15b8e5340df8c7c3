const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const monthDay = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

/** '5 minutes ago', 'yesterday', or a date once it is more than a week old. */
export function relativeTime(at: Date, now = Date.now()) {
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return "Just now";
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, "hour");
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return relative.format(days, "day");
  return monthDay.format(at);
}
