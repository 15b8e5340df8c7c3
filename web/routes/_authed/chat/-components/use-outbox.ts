import { MutationObserver, useQueryClient } from "@tanstack/react-query";
import { createStore, type Store } from "@tanstack/react-store";
import { useCallback, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { WireAttachment, WireMessage } from "@party/protocol";
import { isClientError, trpc, whenRequestLeaves } from "@web/lib/trpc";
import type { RouterInputs } from "@web/lib/types";

export const NOT_SENT = "Not sent.";

export interface PendingMessage {
  clientId: string;
  content: string;
  createdAt: number;
  /** What it answers, quoted as the stored message will quote it. */
  replyTo: WireMessage["replyTo"];
  /** Files already stored, which the message names. */
  attachments: WireAttachment[];
  /** Why the last try failed (the server's refusal, or 'Not sent.' when no answer came); unset while sending. */
  error?: string;
}

/** Plain messages leave without the field, as they did before files. */
const ids = (files: WireAttachment[]) => (files.length ? files.map((f) => f.id) : undefined);

export type Outbox = Store<PendingMessage[]>;

/**
 * The member's own messages on their way: each shows at once, 'Sending…' until the timeline holds it,
 * or 'Not sent.' with Retry. Its id stays with the message through every retry, so the server stores
 * it once. The stored message goes to `onStored` (which must be stable). Held outside React state and read by the message
 * list alone, so a message on its way renders the list, not the page around it.
 */
export function useOutbox(chatId: string, onStored: (messages: WireMessage[]) => void) {
  const [outbox] = useState<Outbox>(() => createStore<PendingMessage[]>([]));
  /**
   * Stored, and so held by the timeline, which hides them; they leave the outbox with the next
   * message. Taken out at once, one could vanish for a frame: the timeline may render after the outbox.
   */
  const stored = useRef(new Set<string>());
  const setError = useCallback(
    (clientId: string, error?: string) =>
      outbox.setState((list) => list.map((p) => (p.clientId === clientId ? { ...p, error } : p))),
    [outbox],
  );

  const queryClient = useQueryClient();
  const { client } = trpc.useUtils();
  // Each send is observed by nothing that renders: the outbox shows where each message is, so the
  // mutation's own states (sending, then sent) would only render the whole page twice more per
  // message, while it is on its way to the other member's screen.
  const mutate = useCallback(
    (input: RouterInputs["chats"]["send"]) =>
      void new MutationObserver<WireMessage, Error, RouterInputs["chats"]["send"]>(queryClient, {
        mutationFn: (variables) => client.chats.send.mutate(variables),
        // One at a time, each once the last is stored: sent together, they could be stored, and so
        // numbered, in another order than the member wrote them.
        scope: { id: `chats.send ${chatId}` },
        onSuccess: (message) => {
          stored.current.add(message.clientId);
          // Numbered after a message this page has not seen, it shows that one is late or missed.
          onStored([message]);
        },
        // A refusal says why ('You can only message your friends.'); a lost connection has no reason to give.
        onError: (error, { clientId }) => setError(clientId, isClientError(error) ? error.message : NOT_SENT),
      })
        .mutate(input)
        // Settled above: the outbox shows a failure with Retry.
        .catch(() => {}),
    [queryClient, client, chatId, onStored, setError],
  );

  const send = useCallback(
    (
      content: string,
      replyTo: WireMessage["replyTo"] = null,
      attachments: WireAttachment[] = [],
      /** Renders with the bubble (the composer emptying), after the request has left. */
      alongside?: () => void,
    ) => {
      const message = { clientId: crypto.randomUUID(), content, createdAt: Date.now(), replyTo, attachments };
      const gone = stored.current;
      stored.current = new Set();
      let shown = false;
      const show = () => {
        if (shown) return;
        shown = true;
        flushSync(() => {
          outbox.setState((list) => [...list.filter((p) => !gone.has(p.clientId)), message]);
          alongside?.();
        });
      };
      // The bubble renders in this same task, right after the request has left: rendered at once,
      // it would hold the request back. Waiting behind the chat's previous message, the request
      // leaves later, and the bubble shows in the next task. Either way it renders at once, with
      // what goes alongside it, not in a task of its own.
      whenRequestLeaves(show);
      mutate({ chatId, clientId: message.clientId, content, replyToId: replyTo?.id, attachmentIds: ids(attachments) });
      setTimeout(show);
    },
    [chatId, mutate, outbox],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = outbox.state.find((p) => p.clientId === clientId);
      if (!message) return;
      setError(clientId, undefined);
      mutate({
        chatId,
        clientId,
        content: message.content,
        replyToId: message.replyTo?.id,
        attachmentIds: ids(message.attachments),
      });
    },
    [outbox, chatId, mutate, setError],
  );

  return { outbox, send, retry };
}
