import { Plus, X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

/**
 * A list of short texts (skills, technologies, features): Enter or the add button adds the typed
 * item, trimmed; empty items and items already in the list are ignored (spec §5); each item can be
 * removed. Read-only, it shows the items alone.
 */
export function ListInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxItems,
  maxLength,
  disabled,
  readOnly,
}: {
  id: string;
  /** Names the list in the add and remove buttons, e.g. 'skill'. */
  label: string;
  value: string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  maxItems?: number;
  maxLength?: number;
  disabled?: boolean;
  /** Shown, not edited: no text box and no remove buttons. */
  readOnly?: boolean;
}) {
  const [draft, setDraft] = useState("");
  const full = maxItems !== undefined && value.length >= maxItems;

  const add = () => {
    const item = draft.trim();
    if (item && !value.includes(item) && !full) onChange([...value, item]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the item; it must not also submit the form around the list.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="grid gap-2">
      {readOnly && value.length === 0 && <p className="text-sm text-muted-foreground">None</p>}
      {!readOnly && (
        <div className="flex gap-2">
          <Input
            id={id}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={full ? `At most ${maxItems} items` : placeholder}
            maxLength={maxLength}
            disabled={disabled || full}
            enterKeyHint="enter"
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            onClick={add}
            disabled={disabled || full || !draft.trim()}
            aria-label={`Add ${label}`}
          >
            <Plus aria-hidden />
          </Button>
        </div>
      )}
      {value.length > 0 && (
        <ul
          id={readOnly ? id : undefined}
          className="flex flex-wrap gap-2"
          aria-label={`${label[0]!.toUpperCase()}${label.slice(1)} list`}
        >
          {value.map((item) => (
            <li key={item}>
              <Badge
                variant="secondary"
                size={null}
                weight="medium"
                className={`max-w-full gap-1 px-2.5 py-1 text-sm whitespace-normal wrap-anywhere ${readOnly ? "" : "pr-1"}`}
              >
                {item}
                {!readOnly && (
                  <button
                    type="button"
                    className="rounded-full p-0.5 hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                    onClick={() => onChange(value.filter((other) => other !== item))}
                    disabled={disabled}
                    aria-label={`Remove ${item}`}
                  >
                    <X aria-hidden />
                  </button>
                )}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
