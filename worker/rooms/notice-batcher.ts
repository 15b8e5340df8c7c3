import { MAX_NOTICES_PER_REQUEST, type ChatNotice } from "@party/protocol";

type Send = (chatId: string, notices: ChatNotice[]) => Promise<void>;

interface Waiting {
  notice: ChatNotice;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * One notice request in flight per chat: notices stored while it is out leave together in the
 * next one, in order. A quiet chat's notice leaves at once; a busy chat's share requests, so the
 * rooms get fewer, larger requests exactly when messages come fastest. Each caller's promise
 * settles with the request that carried its notice, so a failure reaches every one of them.
 */
export function noticeBatcher(send: Send) {
  const waiting = new Map<string, Waiting[]>();

  async function drain(chatId: string, queue: Waiting[]) {
    while (queue.length) {
      const batch = queue.splice(0, MAX_NOTICES_PER_REQUEST);
      try {
        await send(
          chatId,
          batch.map((w) => w.notice),
        );
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    waiting.delete(chatId);
  }

  return (chatId: string, notice: ChatNotice) =>
    new Promise<void>((resolve, reject) => {
      const queue = waiting.get(chatId);
      if (queue) {
        queue.push({ notice, resolve, reject });
        return;
      }
      const fresh = [{ notice, resolve, reject }];
      waiting.set(chatId, fresh);
      void drain(chatId, fresh);
    });
}
