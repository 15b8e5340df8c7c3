/** Blocking, reporting and moderation: the lists, bounds and messages procedures and pages share. */

export const REPORT_REASONS = ["spam", "harassment", "inappropriate", "impersonation", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment",
  inappropriate: "Inappropriate content",
  impersonation: "Impersonation",
  other: "Other",
};

/** What a report is about. */
export const REPORT_TARGETS = ["member", "project", "message"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** What an administrator did, as the audit log records it. */
export const MODERATION_ACTIONS = ["dismiss", "remove_message", "remove_project", "suspend", "reinstate"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** As the audit log reads: 'moderator@example.com dismissed a report about Ada'. */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "dismissed a report",
  remove_message: "removed a message",
  remove_project: "removed a project",
  suspend: "suspended",
  reinstate: "reinstated",
};

export const MAX_REPORT_DETAILS_LENGTH = 1000;
export const REPORT_DETAILS_TOO_LONG = `Details can be at most ${MAX_REPORT_DETAILS_LENGTH} characters.`;
export const REPORT_REASON_REQUIRED = "Please choose a reason.";
export const REPORT_RECEIVED = "Thanks for letting us know. We will review it.";
export const REPORTS_PER_DAY = 10;
export const tooManyReports = (wait: string) =>
  `You have sent ${REPORTS_PER_DAY} reports today. Please try again in ${wait}.`;
export const CANNOT_REPORT_YOURSELF = "You cannot report yourself.";
export const CANNOT_REPORT_OWN = "You cannot report your own content.";
export const MESSAGE_GONE = "This message no longer exists.";

export const CANNOT_BLOCK_YOURSELF = "You cannot block yourself.";
export const NOT_BLOCKED = "You have not blocked this member.";
/** The blocker's own attempts say why; the blocked member's get the answers for a member who is gone. */
export const YOU_BLOCKED = "You have blocked this member. Unblock them in Settings first.";

export const ACCOUNT_SUSPENDED = "This account is suspended.";
export const REMOVED_BY_MODERATOR = "Removed by a moderator";
export const BLOCKED_MESSAGE = "Message from a blocked member";

export const MAX_MODERATION_REASON_LENGTH = 500;
export const MODERATION_REASON_REQUIRED = "Please say why.";
export const MODERATION_REASON_TOO_LONG = `The reason can be at most ${MAX_MODERATION_REASON_LENGTH} characters.`;
export const REPORT_CLOSED = "This report has already been handled.";
export const ALREADY_SUSPENDED = "This member is already suspended.";
export const NOT_SUSPENDED = "This member is not suspended.";
export const NOTHING_TO_REMOVE = "Only a reported message or project can be removed.";
export const CONTENT_GONE = "This content has already been removed.";
