/** How the friends pages name and describe a member (spec §2 Friends and Requests). */

/** Display name, else the part of the e-mail before the @, else (no e-mail to show) 'Member'. */
export function nameOf(person: { displayName: string | null; email?: string | null }) {
  return person.displayName || person.email?.split("@")[0] || "Member";
}

/** 'full-stack-development' and 'Full Stack Development' both read 'Full Stack Development'. */
export function specializationLabel(value: string) {
  return value
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

const sentFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** 'Sent Nov 22, 9:41 AM', in the viewer's locale and time zone. */
export const sentOn = (date: Date) => `Sent ${sentFormat.format(date)}`;
