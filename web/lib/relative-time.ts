/**
 * Made on first use: a date formatter loads the browser's locale data, ~10 ms on a mid-range
 * phone, on a page's start for a line it may never show.
 */
let monthDay: Intl.DateTimeFormat | undefined;

/**
 * "5 minutes ago", "in 2 hours", "yesterday". In the app's own words rather than
 * `Intl.RelativeTimeFormat`: making one of those took 35–55 ms of a page's start on a desktop
 * (docs/PERFORMANCE.md), and the rest of the page is in English anyway.
 */
function inWords(amount: number, unit: "minute" | "hour" | "day") {
  if (unit === "day" && Math.abs(amount) === 1) return amount < 0 ? "yesterday" : "tomorrow";
  const count = Math.abs(amount);
  const phrase = `${count} ${unit}${count === 1 ? "" : "s"}`;
  return amount < 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** 'Just now', '5 minutes ago', 'yesterday', or a date once it is more than a week old. */
export function relativeTime(at: Date, now = Date.now()) {
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return "Just now";
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return inWords(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return inWords(hours, "hour");
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return inWords(days, "day");
  monthDay ??= new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
  return monthDay.format(at);
}
