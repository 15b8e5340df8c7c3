/** Bytes as URL-safe base64 without padding (RFC 4648 §5), with WebCrypto-era globals only, so it runs in Node and the Worker. */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array) {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
