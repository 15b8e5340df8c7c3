/** Where avatar images live: files on disk locally, an R2 bucket at the edge. */
export interface StoredAvatar {
  body: ReadableStream | Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface AvatarStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<StoredAvatar | null>;
  /** Removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}
