/** What an avatar file is (judged by its bytes), the key it is stored under and the URL that serves it. */

interface ImageKind {
  contentType: string;
  extension: string;
  matches: (bytes: Uint8Array) => boolean;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const IMAGE_KINDS: ImageKind[] = [
  { contentType: "image/png", extension: "png", matches: (b) => startsWith(b, [0x89, ...ascii("PNG\r\n\x1a\n")]) },
  { contentType: "image/jpeg", extension: "jpg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    contentType: "image/gif",
    extension: "gif",
    matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  },
  {
    contentType: "image/webp",
    extension: "webp",
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  },
];

/** The image format the bytes are in; a file's name and the browser's stated type are never trusted. */
export function detectImage(bytes: Uint8Array): Pick<ImageKind, "contentType" | "extension"> | null {
  const kind = IMAGE_KINDS.find((k) => k.matches(bytes));
  return kind ? { contentType: kind.contentType, extension: kind.extension } : null;
}

const AVATAR_PATH = "/api/avatars/";
const KEY_PATTERN = new RegExp(`^[a-z0-9]{1,64}-[a-f0-9]{16}\\.(${IMAGE_KINDS.map((k) => k.extension).join("|")})$`);

/** The member's id, a random part (so a new picture gets a new, cacheable URL) and the extension. */
export function newAvatarKey(userId: string, extension: string) {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${userId}-${random}.${extension}`;
}

export const isAvatarKey = (key: string) => KEY_PATTERN.test(key);

export const avatarUrl = (key: string) => `${AVATAR_PATH}${key}`;

/** The key behind one of our avatar URLs; null for pictures hosted elsewhere (a Google photo). */
export function avatarKeyOf(url: string | null) {
  if (!url?.startsWith(AVATAR_PATH)) return null;
  const key = url.slice(AVATAR_PATH.length);
  return isAvatarKey(key) ? key : null;
}
