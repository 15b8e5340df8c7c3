import type { AvatarStore } from "./avatar-store";

/** The part of Cloudflare's R2Bucket binding the store uses. */
export interface R2BucketLike {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream; httpMetadata?: { contentType?: string } } | null>;
  delete(key: string): Promise<void>;
}

export function r2AvatarStore(bucket: R2BucketLike): AvatarStore {
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
    },
    delete: (key) => bucket.delete(key),
  };
}
