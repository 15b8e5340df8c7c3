/** Files in chat messages: their bounds, the messages members read when they cross them, their address. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;
export const MAX_ATTACHMENT_NAME_LENGTH = 255;

export const ATTACHMENT_REQUIRED = "Please choose a file to attach.";
export const ATTACHMENT_TOO_LARGE = "Files must be at most 10 MB.";
export const TOO_MANY_ATTACHMENTS = `A message can carry at most ${MAX_ATTACHMENTS_PER_MESSAGE} files.`;
/** A send naming an upload that is not the sender's, not in this chat, already sent, or expired. */
export const ATTACHMENT_UNAVAILABLE = "An attached file is no longer available. Please attach it again.";

/**
 * An upload not sent with a message within this time can no longer be; the scheduled job removes it
 * once twice as old, so no send can ever claim a file the job is removing.
 */
export const UPLOAD_SENDABLE_MS = 60 * 60 * 1000;
export const UPLOAD_KEPT_MS = 2 * UPLOAD_SENDABLE_MS;

/** Before a file's name where a message of files alone is summed up in a line (the chat lists). */
export const ATTACHMENT_MARK = "📎";

/** A message of files alone in one line (a reply's quote): its first file's name after ATTACHMENT_MARK. */
export const filesLine = (files: { name: string }[]) => (files[0] ? `${ATTACHMENT_MARK} ${files[0].name}` : "");

/** What a push says of a message of files alone: '📎 1 file', '📎 3 files'. */
export const filesSummary = (count: number) => `${ATTACHMENT_MARK} ${count} ${count === 1 ? "file" : "files"}`;

/** Where a stored file is served: a random id, checked against the chat's participants on every request. */
export const attachmentUrl = (id: string) => `/api/attachments/${id}`;

/** '12 KB', '3.4 MB': how a file card states a size. */
export function fileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Shown inline as a picture: the server gives an `image/` type only to PNG, JPEG, GIF and WebP bytes
 * (worker/attachments/file-kinds.ts); any other file is a card and a download.
 */
export const shownInline = (contentType: string) => contentType.startsWith("image/");
