import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { Mentioned } from "@core/mentions";
import { Avatar } from "@web/components/avatar";
import { cn } from "@web/lib/cn";

/** A member `@` may offer. */
export type Person = Mentioned & { avatarUrl: string | null };

/** The most members offered at once: typing more of the name narrows them. */
const SHOWN = 6;

/** An `@` at the start or after a space, and what follows it up to the caret. */
const TYPED_MENTION = /(^|\s)@([^\s@[\]]{0,30})$/;

/** Members whose name, or a word of it, begins with what was typed. */
const offered = (people: Person[], typed: string) => {
  const query = typed.toLowerCase();
  return people
    .filter((p) =>
      p.name
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(query)),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, SHOWN);
};

/**
 * What the composer needs for `@` mentions: while the word at the caret begins with `@`, the members
 * it could name are offered. Arrows move through them, Enter or Tab (or a click) puts the name in,
 * Escape closes the list until another `@` is typed.
 */
export function useMentionSuggestions(
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
  people: Person[],
  onPick: (text: string, member: Mentioned) => void,
) {
  const id = useId();
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState({ query: "", index: 0 });

  const typed = people.length ? TYPED_MENTION.exec(text.slice(0, caret)) : null;
  const start = typed ? typed.index + typed[1]!.length : -1;
  const query = typed?.[2] ?? "";
  const options = typed ? offered(people, query) : [];
  const open = options.length > 0 && dismissed !== start;
  // A new query starts again at the first member offered.
  const index = active.query === query ? Math.min(active.index, options.length - 1) : 0;

  // Where the caret goes once the picked name is in the box: set as the new text commits, before
  // the next key, which would otherwise land at the end.
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null || !box.current) return;
    caretAfterPick.current = null;
    box.current.setSelectionRange(at, at);
  }, [text, box]);

  const pick = (member: Mentioned) => {
    const written = `@${member.name} `;
    const at = start + written.length;
    caretAfterPick.current = at;
    setCaret(at);
    box.current?.focus();
    onPick(text.slice(0, start) + written + text.slice(caret), member);
  };

  /** Handles the keys the open list takes; true when it took this one. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive({ query, index: (index + by + options.length) % options.length });
    if (event.key === "ArrowDown") move(1);
    else if (event.key === "ArrowUp") move(-1);
    else if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") pick(options[index]!);
    else if (event.key === "Escape") setDismissed(start);
    else return false;
    event.preventDefault();
    return true;
  };

  const optionId = (i: number) => `${id}-${i}`;
  return {
    onKeyDown,
    onCaret: (event: { currentTarget: HTMLTextAreaElement }) => {
      setCaret(event.currentTarget.selectionStart);
      if (
        dismissed !== null &&
        !TYPED_MENTION.test(event.currentTarget.value.slice(0, event.currentTarget.selectionStart))
      )
        setDismissed(null);
    },
    comboboxProps: {
      "aria-autocomplete": "list" as const,
      "aria-controls": open ? id : undefined,
      "aria-activedescendant": open ? optionId(index) : undefined,
    },
    list: { id, open, options, active: index, optionId, onPick: pick },
  };
}

/** The members `@` offers, above the composer; the highlighted one is what Enter picks. */
export function MentionSuggestions({
  id,
  open,
  options,
  active,
  optionId,
  onPick,
}: ReturnType<typeof useMentionSuggestions>["list"]) {
  if (!open) return null;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Mention a member"
      className="absolute bottom-full left-0 z-20 mb-2 w-64 max-w-full overflow-hidden rounded-md border bg-card p-1 text-card-foreground shadow-lg"
    >
      {options.map((member, i) => (
        // The composer takes the keys for the list (aria-activedescendant): an option has none of its own.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={member.id}
          id={optionId(i)}
          role="option"
          aria-label={member.name}
          aria-selected={i === active}
          // Keeps the focus in the composer, where the keys are.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(member)}
          className={cn(
            "flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
            i === active && "bg-accent text-accent-foreground",
          )}
        >
          <Avatar name={member.name} url={member.avatarUrl} className="size-6" />
          <span className="truncate">{member.name}</span>
        </li>
      ))}
    </ul>
  );
}
