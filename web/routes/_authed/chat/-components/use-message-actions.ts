import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { WireAttachment, WireMessage } from "@party/protocol";
import { notify } from "@web/lib/toast";
import { errorMessage, trpc } from "@web/lib/trpc";
import type { RouterOutputs } from "@web/lib/types";
import type { ComposerMode } from "./composer";
import type { MessageHandlers } from "./message-actions";
import { lastEditable, quoteOf, timelineMessages, type Timeline } from "./timeline";

type Pins = RouterOutputs["messages"]["pins"];

/**
 * What the member does to stored messages from the chat page: reactions and pins go at once; a reply or an
 * edit goes through the composer (`mode`); a deletion is confirmed first (`deleting`). Each answer
 * is the message as it now is, held at once; the room brings it to every other page.
 */
export function useMessageActions({
  chatId,
  myId,
  nameOf,
  timelineKey,
  receiveChanges,
  send,
}: {
  chatId: string;
  myId: string;
  nameOf: (userId: string) => string;
  timelineKey: QueryKey;
  receiveChanges: (messages: WireMessage[]) => void;
  send: (
    content: string,
    replyTo: WireMessage["replyTo"],
    attachments: WireAttachment[],
    alongside: () => void,
  ) => void;
}) {
  const [mode, setMode] = useState<ComposerMode | null>(null);
  const [deleting, setDeleting] = useState<WireMessage | null>(null);
  const failed = (error: unknown) => notify.error("Message Error", errorMessage(error));
  const changed = { onSuccess: (message: WireMessage) => receiveChanges([message]), onError: failed };
  const { mutate: react } = trpc.messages.react.useMutation(changed);
  const { mutate: edit } = trpc.messages.edit.useMutation(changed);
  const utils = trpc.useUtils();
  const pinned = { onSuccess: (pins: Pins) => utils.messages.pins.setData({ chatId }, pins), onError: failed };
  const { mutate: pin } = trpc.messages.pin.useMutation(pinned);
  const { mutate: unpin } = trpc.messages.unpin.useMutation(pinned);
  const { mutate: removePreview } = trpc.messages.removePreview.useMutation(changed);
  const remove = trpc.messages.remove.useMutation({
    onSuccess: (message) => {
      receiveChanges([message]);
      setDeleting(null);
    },
    onError: failed,
  });

  const handlers = useMemo<Omit<MessageHandlers, "jumpTo">>(
    () => ({
      react: (message, emoji, on) => react({ chatId, messageId: message.id, emoji, on }),
      reply: (message) => setMode({ kind: "reply", message, senderName: nameOf(message.senderId) }),
      edit: (message) => setMode({ kind: "edit", message }),
      remove: setDeleting,
      pin: (message, on) => (on ? pin : unpin)({ chatId, messageId: message.id }),
      removePreview: (message) => removePreview({ chatId, messageId: message.id }),
    }),
    [chatId, react, pin, unpin, nameOf, removePreview],
  );

  /**
   * The composer's Enter: a new message (perhaps a reply, perhaps with files), or the edit's new words.
   * `sent` empties the composer: with a new message's bubble, once its request has left.
   */
  const submit = useCallback(
    (content: string, attachments: WireAttachment[], sent: () => void) => {
      setMode(null);
      if (mode?.kind !== "edit") return send(content, mode ? quoteOf(mode.message) : null, attachments, sent);
      if (content !== mode.message.content) edit({ chatId, messageId: mode.message.id, content });
      sent();
    },
    [mode, chatId, edit, send],
  );

  // Read from the cache when asked, not watched: a new message must not render the page around the list.
  const queryClient = useQueryClient();
  /** ↑ in an empty composer: the member's newest message they can still edit, if one is loaded. */
  const editLast = useCallback(() => {
    const timeline = queryClient.getQueryData<Timeline>(timelineKey);
    const last = timeline && lastEditable(timelineMessages(timeline, myId), myId);
    if (last) setMode({ kind: "edit", message: last });
  }, [queryClient, timelineKey, myId]);

  return {
    handlers,
    mode,
    submit,
    editLast,
    cancelMode: useCallback(() => setMode(null), []),
    deleting,
    cancelDelete: useCallback(() => setDeleting(null), []),
    confirmDelete: () => deleting && remove.mutate({ chatId, messageId: deleting.id }),
    deletingBusy: remove.isPending,
  };
}
