/** The Node host's avatar store: one file per key, its content type in a file beside it (Node only). */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { AvatarStore } from "./avatar-store";

export function fsAvatarStore(dir: string): AvatarStore {
  const pathOf = (key: string) => {
    // Keys are checked before they get here; this keeps a bad one from ever leaving the folder.
    if (basename(key) !== key || key.startsWith(".")) throw new Error(`invalid avatar key: ${key}`);
    return join(dir, key);
  };
  const typePath = (key: string) => `${pathOf(key)}.type`;
  return {
    async put(key, bytes, contentType) {
      await mkdir(dir, { recursive: true });
      await writeFile(typePath(key), contentType);
      await writeFile(pathOf(key), bytes);
    },
    async get(key) {
      try {
        const [body, contentType] = await Promise.all([readFile(pathOf(key)), readFile(typePath(key), "utf8")]);
        return { body: new Uint8Array(body), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(typePath(key), { force: true });
    },
  };
}
