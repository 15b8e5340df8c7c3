import { SendHorizontal } from "lucide-react";
import { memo, useState, type KeyboardEvent } from "react";
import { MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG } from "@core/chat-rules";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";

/** Enter sends, Shift+Enter starts a new line; empty, blank or over-long text cannot be sent. */
export const Composer = memo(function Composer({
  onSend,
  onTyping,
}: {
  onSend: (content: string) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState("");
  const content = text.trim();
  const tooLong = content.length > MAX_MESSAGE_LENGTH;
  const canSend = content.length > 0 && !tooLong;

  const submit = () => {
    if (!canSend) return;
    onSend(content);
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="border-t bg-background px-3 py-3 sm:px-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <textarea
          aria-label="Message"
          placeholder="Type a message…"
          rows={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong}
          aria-describedby={tooLong ? "message-too-long" : undefined}
          className={cn(
            "field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
            tooLong ? "border-destructive" : "border-input",
          )}
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label="Send">
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      {tooLong && (
        <p id="message-too-long" role="alert" className="mx-auto mt-1 max-w-3xl text-xs text-destructive">
          {MESSAGE_TOO_LONG} ({content.length.toLocaleString()} now)
        </p>
      )}
    </form>
  );
});
