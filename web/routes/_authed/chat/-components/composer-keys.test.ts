import { describe, expect, it } from "vitest";
import { caretInOpenFence, composerKeyAction, type ComposerKey, type ComposerState } from "./composer-keys";

/** Whether the caret, written `|` in `marked`, is inside an open fence. */
const inFence = (marked: string) => caretInOpenFence(marked.replace("|", ""), marked.indexOf("|"));

describe("caretInOpenFence", () => {
  it("is true from the opening fence's line until a closing fence", () => {
    expect(inFence("```|")).toBe(true);
    expect(inFence("```ts|")).toBe(true);
    expect(inFence("Look:\n```ts\nconst x = 1;|")).toBe(true);
    expect(inFence("```ts\nconst x = 1;\n```|")).toBe(false);
    expect(inFence("```ts\nconst x = 1;\n```\nDone|")).toBe(false);
    expect(inFence("```\none\n```\n```\ntwo|")).toBe(true);
  });

  it("is false in plain text and in inline code", () => {
    expect(inFence("|")).toBe(false);
    expect(inFence("Run `npm test`|")).toBe(false);
    expect(inFence("```ts const x = 1```|")).toBe(false);
    expect(inFence("Three backticks ``` mid-line|")).toBe(false);
    expect(inFence("    ```|")).toBe(false);
  });

  it("reads only what is before the caret: a block closed after it still holds it", () => {
    expect(inFence("```\nconst x = 1;|\n```")).toBe(true);
    expect(inFence("Before|\n```\ncode\n```")).toBe(false);
  });

  it("closes only with a bare line of the same mark, at least as long", () => {
    expect(inFence("````\n```|")).toBe(true);
    expect(inFence("````\n`````|")).toBe(false);
    expect(inFence("~~~\n```|")).toBe(true);
    expect(inFence("~~~\n~~~|")).toBe(false);
    expect(inFence("```\n``` not a close|")).toBe(true);
    expect(inFence("```\n   ```  |")).toBe(false);
  });
});

const press = (key: string, mods: Partial<ComposerKey> = {}): ComposerKey => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  ...mods,
});
const typed = (text: string, more: Partial<ComposerState> = {}): ComposerState => ({
  text,
  caret: text.length,
  mode: null,
  attached: false,
  ...more,
});

describe("composerKeyAction", () => {
  it("sends on Enter, and leaves Shift+Enter to add a line", () => {
    expect(composerKeyAction(press("Enter"), typed("Hello"))).toBe("send");
    expect(composerKeyAction(press("Enter", { shiftKey: true }), typed("Hello"))).toBeNull();
  });

  it("adds a line on Enter inside an open code block; Ctrl or Cmd+Enter sends from anywhere", () => {
    const code = typed("```ts\nconst x = 1;");
    expect(composerKeyAction(press("Enter"), code)).toBeNull();
    expect(composerKeyAction(press("Enter", { ctrlKey: true }), code)).toBe("send");
    expect(composerKeyAction(press("Enter", { metaKey: true }), code)).toBe("send");
    expect(composerKeyAction(press("Enter"), typed("```ts\nconst x = 1;\n```"))).toBe("send");
  });

  it("leaves a key that confirms an input method's composition alone", () => {
    expect(composerKeyAction(press("Enter", { isComposing: true }), typed("にほん"))).toBeNull();
  });

  it("cancels a reply or an edit on Escape, and nothing else", () => {
    expect(composerKeyAction(press("Escape"), typed("", { mode: "reply" }))).toBe("cancel");
    expect(composerKeyAction(press("Escape"), typed("Changed", { mode: "edit" }))).toBe("cancel");
    expect(composerKeyAction(press("Escape"), typed("Hello"))).toBeNull();
  });

  it("edits the last message on a plain ↑ only in an empty composer, not already editing", () => {
    expect(composerKeyAction(press("ArrowUp"), typed(""))).toBe("edit-last");
    expect(composerKeyAction(press("ArrowUp"), typed("", { mode: "reply" }))).toBe("edit-last");
    expect(composerKeyAction(press("ArrowUp"), typed("a"))).toBeNull();
    expect(composerKeyAction(press("ArrowUp"), typed(" "))).toBeNull();
    expect(composerKeyAction(press("ArrowUp"), typed("", { attached: true }))).toBeNull();
    expect(composerKeyAction(press("ArrowUp"), typed("", { mode: "edit" }))).toBeNull();
    expect(composerKeyAction(press("ArrowUp", { shiftKey: true }), typed(""))).toBeNull();
    expect(composerKeyAction(press("ArrowUp", { altKey: true }), typed(""))).toBeNull();
  });
});
