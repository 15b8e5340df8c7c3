import { expect, test } from "vitest";
import { looksFormatted } from "./looks-formatted";

test("a text with any mark the chat formats looks formatted", () => {
  for (const text of [
    "**bold**",
    "_em_",
    "~~gone~~",
    "`code`",
    "```\ncode\n```",
    "\\*not em\\*",
    "[docs](https://example.com)",
    "> quoted",
    "intro\n- item",
    "+ item",
    "  3. third",
    "1) first",
  ]) {
    expect(looksFormatted(text), text).toBe(true);
  }
});

test("plain words, addresses, mentions and the forms the chat leaves as typed do not", () => {
  for (const text of [
    "Thursday works: the pass is at 21:40 over the north ridge",
    "see https://example.com/docs, then",
    "hi @[Ada_Lovelace](ada1), ready?",
    "# not a heading",
    "a - b - c",
    "1.5 million",
    "[not a link]",
    "<b>not bold</b>",
  ]) {
    expect(looksFormatted(text), text).toBe(false);
  }
});
