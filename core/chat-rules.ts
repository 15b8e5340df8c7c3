/** Chat input bounds and the messages members read when they cross them (procedures and forms). */
export const MAX_MESSAGE_LENGTH = 4000;
export const MESSAGE_TOO_LONG = "Messages can be at most 4,000 characters.";
export const MESSAGE_EMPTY = "Please enter a message.";

export const MAX_GROUP_NAME_LENGTH = 100;
export const MAX_GROUP_DESCRIPTION_LENGTH = 500;
export const MAX_GROUP_MEMBERS = 100;
export const GROUP_NAME_REQUIRED = "Please enter a group name.";
export const GROUP_NAME_TOO_LONG = "Group names can be at most 100 characters.";
export const GROUP_CREATED = "Group Created!";
export const GROUP_CREATE_FAILED = "Failed to create group. Please try again.";

/** Messages per page of history, older or newer. */
export const MESSAGE_PAGE_SIZE = 50;
