import { Check, Paperclip, Pencil, Reply, SendHorizontal, X } from "lucide-react";
import { memo, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG } from "@core/chat-rules";
import { fromMentionTokens, plainMentions, withMentionTokens, type Mentioned } from "@core/mentions";
import type { WireAttachment, WireMessage } from "@party/protocol";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { readDraft, writeDraft } from "@web/lib/drafts";
import { AttachmentTray } from "./attachments";
import { caretInOpenFence, composerKeyAction } from "./composer-keys";
import { MentionSuggestions, useMentionSuggestions, type Person } from "./mention-suggestions";
import { useUploads } from "./use-uploads";

/** What the next Enter does besides sending anew: answer a message, or replace one's text. */
export type ComposerMode =
  { kind: "reply"; message: WireMessage; senderName: string } | { kind: "edit"; message: WireMessage };

const modeKey = (mode: ComposerMode | null) => (mode ? `${mode.kind}:${mode.message.id}` : null);

/** The keys that send from anywhere, as this device's keyboard names them. */
const SEND_KEYS =
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent) ? "⌘+Enter" : "Ctrl+Enter";

/** Whether a drag carries files (and not, say, text from the page). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * Enter sends, Shift+Enter starts a new line, and so does Enter inside an open ``` code block, where
 * Ctrl/Cmd+Enter sends; empty, blank or over-long text cannot be sent. Replying, the quoted message
 * shows above; editing, the message's text is put in to change, and Enter saves it. ↑ in an empty
 * composer edits the member's last message. Escape, or the cross, goes back to a plain message.
 * In a group, `@` offers the other members (`people`); one picked is sent as a mention of them.
 * Files come by the paperclip, dropped on the composer or pasted into the text; each uploads at
 * once, and the message goes once all are stored. What is typed is kept as the chat's draft until
 * it is sent; an edit's words are not a draft, and the draft comes back when the edit ends.
 */
export const Composer = memo(function Composer({
  chatId,
  myId,
  mode,
  onSend,
  onCancelMode,
  onEditLast,
  onTyping,
  people,
}: {
  chatId: string;
  myId: string;
  mode: ComposerMode | null;
  /** `sent` empties the composer, once the message is on its way. */
  onSend: (content: string, attachments: WireAttachment[], sent: () => void) => void;
  onCancelMode: () => void;
  onEditLast: () => void;
  onTyping: () => void;
  /** Who may be mentioned: the group's other members; none in a private chat. */
  people: Person[];
}) {
  const draftName = `chat:${chatId}`;
  // Mentions are kept as tokens, as they are sent, so a restored one still names its member.
  const asTyped = (content: string) =>
    fromMentionTokens(content, (id) => people.find((p) => p.id === id)?.name ?? null);
  const [draft] = useState(() => asTyped(readDraft(myId, draftName) ?? ""));
  const [text, setText] = useState(draft.text);
  const [picked, setPicked] = useState<Mentioned[]>(draft.picked);
  const [shownMode, setShownMode] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const files = useUploads(chatId);
  const content = text.trim();
  const tooLong = content.length > MAX_MESSAGE_LENGTH;
  const editing = mode?.kind === "edit";
  const attached = editing ? [] : files.stored;
  const canSend = !tooLong && attached !== null && (content.length > 0 || attached.length > 0);
  // Inside an open code block Enter adds lines, so a member with a keyboard is told how to send.
  const inCode = caretInOpenFence(text, text.length);

  // Starting an edit puts the message's text in; leaving one brings the draft back. A reply keeps
  // what was typed.
  const key = modeKey(mode);
  if (key !== shownMode) {
    setShownMode(key);
    const next =
      mode?.kind === "edit"
        ? asTyped(mode.message.content)
        : shownMode?.startsWith("edit:") && asTyped(readDraft(myId, draftName) ?? "");
    if (next) {
      setText(next.text);
      setPicked(next.picked);
    }
  }
  const mentions = useMentionSuggestions(box, text, people, (next, member) => {
    setText(next);
    setPicked((held) => [...held.filter((p) => p.id !== member.id), member]);
  });
  useEffect(() => {
    if (key) box.current?.focus();
  }, [key]);
  useEffect(() => {
    if (!editing) writeDraft(myId, draftName, text.trim() ? withMentionTokens(text, picked) : "");
  }, [myId, draftName, text, picked, editing]);

  /** The words of a send whose bubble has not shown yet: the composer empties with the bubble. */
  const leaving = useRef<string | null>(null);
  const submit = () => {
    // A second Enter before the bubble shows is the same press again, not a second message.
    if (!canSend || leaving.current === text) return;
    const sent = text;
    leaving.current = sent;
    onSend(withMentionTokens(content, picked), attached, () => {
      leaving.current = null;
      // Keys pressed meanwhile (a busy phone runs input before the bubble's task) are kept: only
      // the words that were sent go, and only the files that went with them. The box holds what
      // was typed last, rendered at each key.
      const now = box.current?.value ?? "";
      const rest = now.startsWith(sent) ? now.slice(sent.length).trimStart() : now;
      setText(rest);
      if (!rest) setPicked([]);
      if (attached.length) files.clear(attached);
    });
  };

  const drop = {
    onDragOver: (event: DragEvent) => {
      if (editing || !carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      if (editing || !carriesFiles(event)) return;
      event.preventDefault();
      files.add([...event.dataTransfer.files]);
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    const action = composerKeyAction(event.nativeEvent, {
      text,
      caret: event.currentTarget.selectionStart,
      mode: mode?.kind ?? null,
      attached: files.uploads.length > 0,
    });
    if (!action) return;
    event.preventDefault();
    if (action === "send") submit();
    else if (action === "cancel") onCancelMode();
    else onEditLast();
  };

  return (
    <form
      className={cn("relative border-t bg-background px-3 py-3 sm:px-6", dragging && "bg-primary/5")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      {...drop}
    >
      {dragging && (
        <div className="pointer-events-none absolute inset-1 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-primary bg-background/90 text-sm font-medium">
          Drop files to attach
        </div>
      )}
      {!editing && <AttachmentTray uploads={files.uploads} onRemove={files.remove} onRetry={files.retry} />}
      {mode && (
        <div className="mx-auto mb-2 flex max-w-3xl items-center gap-2 rounded-md border-l-4 border-primary bg-muted px-3 py-1.5 text-xs">
          {mode.kind === "reply" ? (
            <Reply className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          ) : (
            <Pencil className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          )}
          <div className="min-w-0 flex-1" role="status">
            {mode.kind === "reply" ? (
              <>
                <p className="font-semibold">Replying to {mode.senderName}</p>
                <p className="truncate text-muted-foreground">
                  {plainMentions(mode.message.content.split("\n", 1)[0] ?? "")}
                </p>
              </>
            ) : (
              <p className="font-semibold">Editing message</p>
            )}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 md:size-8"
            aria-label={mode.kind === "reply" ? "Cancel reply" : "Cancel editing"}
            onClick={onCancelMode}
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <div className="relative mx-auto flex max-w-3xl items-end gap-2">
        <MentionSuggestions {...mentions.list} />
        {!editing && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-attach-input
              onChange={(event) => {
                files.add([...(event.target.files ?? [])]);
                event.target.value = "";
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Attach files"
              onClick={() => picker.current?.click()}
            >
              <Paperclip aria-hidden />
            </Button>
          </>
        )}
        <textarea
          ref={box}
          aria-label="Message"
          placeholder="Type a message…"
          rows={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            mentions.onCaret(event);
            if (event.target.value.trim() && !editing) onTyping();
          }}
          onSelect={mentions.onCaret}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            const pasted = [...event.clipboardData.files];
            if (!pasted.length || editing) return;
            event.preventDefault();
            files.add(pasted);
          }}
          {...mentions.comboboxProps}
          aria-invalid={tooLong}
          aria-describedby={tooLong ? "message-too-long" : inCode ? "message-in-code" : undefined}
          className={cn(
            "field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
            tooLong ? "border-destructive" : "border-input",
          )}
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={editing ? "Save" : "Send"}>
          {editing ? <Check aria-hidden /> : <SendHorizontal aria-hidden />}
        </Button>
      </div>
      {tooLong ? (
        <p id="message-too-long" role="alert" className="mx-auto mt-1 max-w-3xl text-xs text-destructive">
          {MESSAGE_TOO_LONG} ({content.length.toLocaleString()} now)
        </p>
      ) : (
        inCode && (
          <p
            id="message-in-code"
            className="mx-auto mt-1 hidden max-w-3xl text-xs text-muted-foreground pointer-fine:block"
          >
            In a code block, Enter adds a line: {SEND_KEYS} sends.
          </p>
        )
      )}
    </form>
  );
});
