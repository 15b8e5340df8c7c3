/**
 * What an attached file is, judged by its first bytes (magic numbers) alone: a file's name and the
 * browser's stated type are never trusted. Only the raster images avatars accept get an `image/`
 * type (and so are shown inline, core/attachment-rules `shownInline`); everything else, HTML and SVG
 * included, is a download of a type no browser renders.
 */
import { detectImage } from "../storage/avatar-files";

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** Common documents, named so the member's device opens them with the right program once downloaded. */
const DOCUMENT_KINDS: { contentType: string; signature: number[] }[] = [
  { contentType: "application/pdf", signature: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: "application/zip", signature: [0x50, 0x4b, 0x03, 0x04] }, // PK (also docx, xlsx …)
  { contentType: "application/gzip", signature: [0x1f, 0x8b] },
];

export const UNKNOWN_TYPE = "application/octet-stream";

export function detectFileType(bytes: Uint8Array) {
  const image = detectImage(bytes);
  if (image) return image.contentType;
  return DOCUMENT_KINDS.find((kind) => startsWith(bytes, kind.signature))?.contentType ?? UNKNOWN_TYPE;
}
