/** Multipart bodies built the way the SPA's forms send them. */

/** A real 1×1 PNG, sent the way the avatar form sends it. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
export function avatarForm() {
  const form = new FormData();
  form.append("file", new Blob([PNG], { type: "image/png" }), "avatar.png");
  return form;
}

/** A file for a chat, sent the way the composer sends it: a PNG unless other bytes are given. */
export function attachmentForm(chatId: string, bytes: Uint8Array = PNG, name = "picture.png", type = "image/png") {
  const form = new FormData();
  form.append("chatId", chatId);
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}
