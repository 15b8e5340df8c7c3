/** Input bounds and the spec's messages for them, shared by the procedures and the forms. */

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_DISPLAY_NAME_LENGTH = 50;

export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters long.";

export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;
