/** Input bounds and the spec's messages for them, shared by the procedures and the forms. */

/**
 * Text holds no control characters but newline and tab: a NUL cuts stored text short (an empty
 * title that search still finds), and the rest are invisible or rewrite what a reader sees.
 */
const CONTROL = "\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F";
export const NO_CONTROL_CHARACTERS = new RegExp(`^[^${CONTROL}]*$`);
/** For text from elsewhere (a Google profile's name), which is cleaned rather than refused. */
export const CONTROL_CHARACTERS = new RegExp(`[${CONTROL}]`, "g");
export const CONTROL_CHARACTERS_REFUSED = "Text may not contain control characters other than line breaks and tabs.";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_DISPLAY_NAME_LENGTH = 50;

/** The display name a member has until they choose one: their e-mail's local part. */
export const emailLocalPart = (email: string) => email.split("@")[0] ?? email;

export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters long.";

export const MAX_BIO_LENGTH = 500;
export const MAX_SKILLS = 30;
export const MAX_SKILL_LENGTH = 40;

/** Avatars: at most 2 MB, in one of the formats every browser shows. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
export const AVATAR_REQUIRED = "You must select an image to upload.";
export const AVATAR_NOT_AN_IMAGE = "Only PNG, JPEG, WebP and GIF images can be uploaded.";
export const AVATAR_TOO_LARGE = "Images must be at most 2 MB.";

export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

/**
 * The most calls one tRPC request may carry: a page's queries arrive together, and far more than
 * this in one request is not a page. The SPA's batches split at it (a chat full of link previews).
 */
export const MAX_BATCH_SIZE = 20;
