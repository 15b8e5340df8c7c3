/** The account pages' messages, shared by the procedures and the Settings page. */

/** How the chats name someone who deleted their account. */
export const DELETED_MEMBER = "Deleted member";

export const SESSION_GONE = "That session has already ended.";
export const WRONG_PASSWORD = "That password is not right. Your account was not deleted.";
export const WRONG_EMAIL = "That is not your account's email address. Your account was not deleted.";
export const PASSWORD_REQUIRED = "Please enter your password to delete your account.";
export const EMAIL_REQUIRED = "Please type your email address to delete your account.";
