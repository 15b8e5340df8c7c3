/** The spec's friend-request messages (§5, §8) and the limits around them, shared by procedures and pages. */

export const EMAIL_REQUIRED = "Please enter an email address.";
export const LOGIN_REQUIRED = "You must be logged in to add friends.";
export const NO_USER_WITH_EMAIL = "No user found with that email address.";
export const CANNOT_ADD_YOURSELF = "You cannot add yourself as a friend.";
export const ALREADY_FRIENDS = "You are already friends with this user.";
export const ALREADY_SENT = "You have already sent a friend request to this user.";
export const ALREADY_RECEIVED = "This user has already sent you a friend request.";

export const MEMBER_NOT_FOUND = "This member no longer exists.";
export const REQUEST_GONE = "This friend request no longer exists.";
export const ONLY_RECIPIENT_ANSWERS = "Only the member who received this friend request can answer it.";
export const ONLY_SENDER_CANCELS = "Only the member who sent this friend request can cancel it.";
export const NOT_FRIENDS = "You are not friends with this user.";
export const PAIR_BUSY = "This friend request changed while it was being sent. Please try again.";

export const EMAIL_LOOKUPS_PER_HOUR = 30;
export const tooManyLookups = (wait: string) =>
  `You have looked up too many email addresses. Please try again in ${wait}.`;

/**
 * One key per pair of members, whichever asked: both ids, sorted (SQLite's min/max on text, as the
 * friends table's column is built), so a private chat and a block name the pair as friends do.
 */
export const pairKey = (a: string, b: string) => [a, b].sort().join(" ");
