import { Lexer, Tokenizer, type Token, type TokenizerExtensionFunction } from "marked";
import { MENTION_PATTERN } from "@core/mentions";

/**
 * The Markdown chat apps share, and nothing more: a chat message is not a document. Headings, rules,
 * tables, raw HTML, indented code and reference definitions are not read, so their lines stay the
 * paragraph text the member typed (`# Title` reads as `# Title`).
 */
class ChatTokenizer extends Tokenizer {
  override code() {
    return undefined;
  }
  override heading() {
    return undefined;
  }
  override lheading() {
    return undefined;
  }
  override hr() {
    return undefined;
  }
  override html() {
    return undefined;
  }
  override tag() {
    return undefined;
  }
  override def() {
    return undefined;
  }
  override table() {
    return undefined;
  }
}

const MENTION_AT_START = new RegExp(`^${MENTION_PATTERN.source}`);

/** A mention token, `@[Name](id)`, would read as a link: it stays one text, for the mention renderer. */
const mention: TokenizerExtensionFunction = (src) => {
  const token = MENTION_AT_START.exec(src)?.[0];
  return token ? { type: "text", raw: token, text: token } : undefined;
};

/** The member's text as Markdown tokens: GitHub's flavour, each new line a line break, as typed. */
export const parseMarkdown = (text: string): Token[] =>
  new Lexer({
    gfm: true,
    breaks: true,
    pedantic: false,
    tokenizer: new ChatTokenizer(),
    extensions: {
      renderers: {},
      childTokens: {},
      inline: [mention],
      startInline: [(src) => src.indexOf("@[")],
    },
  }).lex(text);
