/**
 * What a key pressed in the composer does, once the mention suggestions (which take their keys
 * first) have passed on it: developers write code in it, so Enter inside an open code block adds a
 * line, as Shift+Enter always does, and Ctrl/Cmd+Enter sends from anywhere.
 */

/** A Markdown fence line (CommonMark): up to three spaces, then three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * Whether the caret sits inside a fenced code block opened before it and not yet closed. A line
 * like ```` ```ts const x``` ```` is inline code, not a fence: a backtick fence's info string holds
 * no backticks. A fence closes with a bare line of the same mark, at least as long.
 */
export function caretInOpenFence(text: string, caret: number) {
  let open: string | null = null;
  for (const line of text.slice(0, caret).split("\n")) {
    const fence = FENCE.exec(line);
    if (!fence) continue;
    const [, marks = "", rest = ""] = fence;
    if (open === null) {
      if (!(marks.startsWith("`") && rest.includes("`"))) open = marks;
    } else if (marks[0] === open[0] && marks.length >= open.length && rest.trim() === "") {
      open = null;
    }
  }
  return open !== null;
}

export type ComposerKey = Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey" | "isComposing">;

export interface ComposerState {
  text: string;
  /** Where the caret is (the selection's start). */
  caret: number;
  /** Replying to or editing a message. */
  mode: "reply" | "edit" | null;
  /** Files are attached (or on their way). */
  attached: boolean;
}

/**
 * `send` the message (or save the edit), `cancel` the reply or edit, `edit-last` (↑ in an empty
 * composer) the member's last message; null leaves the key to the text box.
 */
export function composerKeyAction(key: ComposerKey, state: ComposerState): "send" | "cancel" | "edit-last" | null {
  // A key that confirms an input method's composition (Japanese, Chinese…) is not the member's.
  if (key.isComposing) return null;
  switch (key.key) {
    case "Enter":
      if (key.ctrlKey || key.metaKey) return "send";
      return key.shiftKey || caretInOpenFence(state.text, state.caret) ? null : "send";
    case "Escape":
      return state.mode ? "cancel" : null;
    case "ArrowUp": {
      const plain = !key.shiftKey && !key.ctrlKey && !key.metaKey && !key.altKey;
      return plain && state.text === "" && !state.attached && state.mode !== "edit" ? "edit-last" : null;
    }
    default:
      return null;
  }
}
