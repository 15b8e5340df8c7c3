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

/** The reactions every message offers, in the order they are shown, with the names read aloud. */
export const REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_NAMES: Record<Reaction, string> = {
  "👍": "thumbs up",
  "❤️": "heart",
  "😂": "laughing",
  "😮": "surprised",
  "😢": "sad",
  "🙏": "thank you",
};

/** What stands in the place of a message deleted for everyone, and of a reply's deleted original. */
export const MESSAGE_DELETED = "This message was deleted";
export const ORIGINAL_DELETED = "Original message deleted";
/** A reply quotes the first line of what it answers, at most this long. */
export const QUOTE_LENGTH = 200;
/** What a reply quotes of its original (the server's SQL cuts it the same way, in characters). */
export const quoteExcerpt = (content: string) =>
  Array.from(content.split("\n", 1)[0] ?? "")
    .slice(0, QUOTE_LENGTH)
    .join("");

export const MESSAGE_NOT_FOUND = "This message does not exist or was deleted.";
export const REPLY_NOT_FOUND = "The message you are replying to is not in this chat.";
export const ONLY_AUTHOR_EDITS = "You can only edit your own messages.";
export const ONLY_AUTHOR_OR_ADMIN_DELETES = "You can only delete your own messages, or any message as a group admin.";

/** What a message search reads of what was typed. */
export const MAX_SEARCH_LENGTH = 200;
export const SEARCH_TOO_LONG = "Searches can be at most 200 characters.";
