/** The product's fixed lists (spec §9), defined once for the schema, the zod inputs and the UI. */

/** The ten categories of spec §9 plus the two the dashboard and filters also show. */
export const PROJECT_CATEGORIES = [
  "Web Development",
  "Mobile Apps",
  "UI/UX Design",
  "Data Science",
  "Machine Learning",
  "DevOps",
  "Game Development",
  "Blockchain",
  "IoT",
  "Digital Marketing",
  "E-commerce",
  "Other",
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

export const PROJECT_STATUSES = ["open", "in_progress", "completed", "on_hold"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  open: "Open for Collaboration",
  in_progress: "In Progress",
  completed: "Completed",
  on_hold: "On Hold",
};

export const BUDGET_RANGES = [
  "Under $1,000",
  "$1,000 - $5,000",
  "$5,000 - $10,000",
  "$10,000 - $20,000",
  "$20,000 - $50,000",
  "$50,000+",
  "Not specified",
] as const;

export const MIN_AGE = 12;
export const MAX_AGE = 60;

export const DEVELOPER_TYPES = [
  "Frontend Developer",
  "Backend Developer",
  "Full Stack Developer",
  "Mobile Developer",
  "UI/UX Designer",
  "DevOps Engineer",
  "Data Scientist",
  "Game Developer",
  "Blockchain Developer",
] as const;
export type DeveloperType = (typeof DEVELOPER_TYPES)[number];

export const EXPERIENCE_LEVELS = [
  "Beginner (0-1 years)",
  "Intermediate (1-3 years)",
  "Advanced (3-5 years)",
  "Expert (5+ years)",
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const INTERESTED_PROJECTS = [
  "Web Development",
  "Mobile Apps",
  "AI/Machine Learning",
  "Game Development",
  "E-commerce",
  "Desktop Applications",
  "DevOps/Cloud",
  "UI/UX Design",
  "Blockchain",
  "Data Science",
] as const;
export type InterestedProject = (typeof INTERESTED_PROJECTS)[number];

export const SPECIALIZATIONS = [
  "Frontend Development",
  "Backend Development",
  "Full Stack Development",
  "Mobile Development",
  "DevOps & Cloud",
  "UI/UX Design",
  "Data Science",
  "Machine Learning",
  "Cybersecurity",
  "Blockchain Development",
  "Game Development",
  "Embedded Systems",
  "Product Management",
  "QA & Testing",
  "Technical Writing",
] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const REGIONS = [
  "United States",
  "Canada",
  "United Kingdom",
  "Germany",
  "France",
  "Australia",
  "Kazakhstan",
  "Uzbekistan",
  "Kyrgyzstan",
  "Tajikistan",
  "Turkmenistan",
  "Afghanistan",
  "Other",
] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = "United States";

export const SUBSCRIPTION_STATUSES = ["free", "lifetime"] as const;

export const FRIEND_STATUSES = ["pending", "accepted"] as const;
export const CHAT_ROLES = ["admin", "member"] as const;
/**
 * `system` lines are written by the server ('Ada left the chat'), never sent by a member; `removed` is
 * a member's message a moderator took down, its words gone.
 */
export const MESSAGE_TYPES = ["text", "system", "removed"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** `removed`: the owner took the member off the team. Like `left` and `declined`, asking again reopens it. */
export const JOIN_REQUEST_STATUSES = ["pending", "accepted", "declined", "left", "removed"] as const;
export const PAYMENT_STATUSES = ["pending", "paid", "refunded"] as const;
/** A call is one or the other for its whole length: a voice call never turns on a camera by itself. */
export const CALL_KINDS = ["video", "voice"] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/**
 * What a notification tells of. Requests and mentions are never grouped; the chat's own unread count
 * tells of private messages, so they are not notifications (they feed the e-mail digest and push).
 */
export const NOTIFICATION_KINDS = [
  "friend_request",
  "friend_accepted",
  "join_request",
  "join_accepted",
  "join_declined",
  "group_added",
  "mention",
  "pro_confirmed",
  "pro_refunded",
  "missed_call",
  "task_assigned",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the dashboard suggests: projects that need the member's skills, and people they may know. */
export const SUGGESTION_KINDS = ["project", "person"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The free plan's project allowance (spec §9); Pro members have no limit. */
export const FREE_PLAN_PROJECT_LIMIT = 3;

/** What an `account_tokens` link does when opened. */
export const ACCOUNT_TOKEN_PURPOSES = ["password_reset", "email_change"] as const;

/**
 * A report is open until an administrator acts: dismissed, or acted on (content removed, member
 * suspended). Here, not with the other safety rules: the moderation desk's address is read by
 * every page's router, and this list is all it needs of them.
 */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
