import { useCallback, useEffect, useRef, useState } from "react";
import {
  ATTACHMENT_TOO_LARGE,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  TOO_MANY_ATTACHMENTS,
} from "@core/attachment-rules";
import type { WireAttachment } from "@party/protocol";
import { notify } from "@web/lib/toast";
import { errorMessage, isClientError, trpc } from "@web/lib/trpc";

const UPLOAD_FAILED = "Upload failed.";

export interface Upload {
  key: string;
  file: File;
  /** A local picture of the file while it is on its way (images only), so the tray shows it at once. */
  preview: string | null;
  state: "uploading" | "failed" | "done";
  error?: string;
  /** A failure the server would answer the same way again (too large) offers no Retry. */
  retryable?: boolean;
  stored?: WireAttachment;
}

/**
 * The files the member is attaching to their next message: each uploads as soon as it is chosen,
 * dropped or pasted, so the message leaves with ids of files already stored. A failed upload stays
 * in the tray with Retry; the message can go once every file is stored.
 */
export function useUploads(chatId: string) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const { mutateAsync } = trpc.attachments.upload.useMutation();
  const previews = useRef(new Set<string>());
  const update = useCallback(
    (key: string, change: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u))),
    [],
  );

  const start = useCallback(
    (key: string, file: File) => {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        update(key, { state: "failed", error: ATTACHMENT_TOO_LARGE, retryable: false });
        return;
      }
      update(key, { state: "uploading", error: undefined });
      const form = new FormData();
      form.append("chatId", chatId);
      form.append("file", file);
      mutateAsync(form).then(
        (stored) => update(key, { state: "done", stored }),
        (error: unknown) => {
          // The server's refusal in its words; a dropped connection or a busy server in ours, with Retry.
          const retryable = !isClientError(error);
          update(key, { state: "failed", error: retryable ? UPLOAD_FAILED : errorMessage(error), retryable });
        },
      );
    },
    [chatId, mutateAsync, update],
  );

  const add = useCallback(
    (files: File[]) => {
      const room = MAX_ATTACHMENTS_PER_MESSAGE - uploads.length;
      if (files.length > room) notify.error("Message Error", TOO_MANY_ATTACHMENTS);
      const added = files.slice(0, Math.max(room, 0)).map((file): Upload => {
        const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
        if (preview) previews.current.add(preview);
        return { key: crypto.randomUUID(), file, preview, state: "uploading" };
      });
      setUploads((list) => [...list, ...added]);
      for (const upload of added) start(upload.key, upload.file);
    },
    [uploads.length, start],
  );

  const forget = (list: Upload[]) => {
    for (const { preview } of list) {
      if (preview) {
        URL.revokeObjectURL(preview);
        previews.current.delete(preview);
      }
    }
  };

  const remove = useCallback((key: string) => {
    setUploads((list) => {
      forget(list.filter((u) => u.key === key));
      return list.filter((u) => u.key !== key);
    });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const upload = uploads.find((u) => u.key === key);
      if (upload) start(key, upload.file);
    },
    [uploads, start],
  );

  /** Takes the files a message carried out of the tray once it has left; any added since stay. */
  const clear = useCallback((sent: readonly WireAttachment[]) => {
    const ids = new Set(sent.map((file) => file.id));
    setUploads((list) => {
      const gone = list.filter((u) => u.stored && ids.has(u.stored.id));
      forget(gone);
      return list.filter((u) => !gone.includes(u));
    });
  }, []);

  useEffect(() => {
    const held = previews.current;
    return () => held.forEach((preview) => URL.revokeObjectURL(preview));
  }, []);

  return {
    uploads,
    add,
    remove,
    retry,
    clear,
    /** What the message carries: set once every file is stored. */
    stored: uploads.every((u) => u.state === "done") ? uploads.map((u) => u.stored!) : null,
  };
}
