/**
 * Messages the auth pages show when a link brings them an error. A link carries only a code; the
 * page shows the spec's message for it, so whoever writes a link cannot choose the words shown.
 */
import { ACCOUNT_SUSPENDED } from "./safety-rules";

export const INVALID_VERIFICATION_LINK =
  "Invalid verification link. Please check your email and try again, or contact support if the problem persists.";
export const UNEXPECTED_VERIFICATION_ERROR = "An unexpected error occurred. Please try again or contact support.";

/** The verification page's `error` parameter (the codes an auth provider sends); any other code reads as an invalid link. */
const VERIFICATION_ERRORS: Partial<Record<string, string>> = {
  server_error: UNEXPECTED_VERIFICATION_ERROR,
  unexpected_failure: UNEXPECTED_VERIFICATION_ERROR,
};

export const verificationErrorMessage = (code: string) =>
  Object.hasOwn(VERIFICATION_ERRORS, code) ? VERIFICATION_ERRORS[code]! : INVALID_VERIFICATION_LINK;

/** `/auth?oauth_error=<code>`: why a Google sign-in came back without signing in. */
export const OAUTH_ERRORS = {
  google_not_configured: "Google sign-in is not configured on this server.",
  google_failed: "Failed to sign in with Google. Please try again.",
  account_suspended: ACCOUNT_SUSPENDED,
} as const;

export type OAuthError = keyof typeof OAUTH_ERRORS;

export const oauthErrorMessage = (code: string) =>
  Object.hasOwn(OAUTH_ERRORS, code) ? OAUTH_ERRORS[code as OAuthError] : OAUTH_ERRORS.google_failed;

/** 'Forgot password?': the one answer, whether the address has an account or not. */
export const RESET_LINK_SENT = "If an account exists for that address, we have sent a link.";
export const INVALID_RESET_LINK = "This link has expired or was already used. Ask for a new one.";
export const INVALID_EMAIL_CHANGE_LINK = "This link has expired or was already used. Ask for a new one in Settings.";

/** Settings → Account and security. */
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const PASSWORD_CHANGED_ELSEWHERE = "Your password was just changed on another device. Please sign in again.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const SAME_EMAIL = "That is already your e-mail address.";
export const GOOGLE_NOT_LINKED = "Google is not connected to your account.";
export const UNLINK_NEEDS_PASSWORD = "Set a password first, so you can still sign in without Google.";

/**
 * Sudo mode: the moderation desk's actions that change what members see need the password (or, for
 * an account without one, Google) proved this recently by the session acting.
 */
export const SUDO_WINDOW_MS = 10 * 60 * 1000;
export const CONFIRM_PASSWORD = "Confirm your password to continue.";
export const NO_PASSWORD_TO_CONFIRM = "Your account has no password. Continue with Google instead.";
