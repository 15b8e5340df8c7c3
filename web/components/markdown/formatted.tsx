import type { MarkedToken, Token, Tokens } from "marked";
import { Fragment, useMemo, type ReactNode } from "react";
import { CodeBlock } from "./code-block";
import type { TextRun } from "./markdown";
import { parseMarkdown } from "./parse";

/** Where a link may lead: web pages and e-mail. Anything else (`javascript:`, `data:`) reads as typed. */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A text's Markdown as React elements, from the parser's tokens: never HTML, so nothing a member
 * types becomes markup or script. What the chat does not format reads as the member typed it, and
 * plain text between the marks goes to `Text` (mentions, bare addresses as links).
 */
export default function Formatted({ text, Text }: { text: string; Text: TextRun }) {
  const tokens = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className="space-y-1.5" data-formatted>
      {blocks(tokens, Text)}
    </div>
  );
}

function blocks(tokens: Token[], Text: TextRun): ReactNode[] {
  return tokens.map((generic, i) => {
    // Every token this parser makes is one of marked's own kinds.
    const token = generic as MarkedToken;
    switch (token.type) {
      case "space":
        return null;
      case "paragraph":
        return <p key={i}>{inline(token.tokens, Text)}</p>;
      case "text":
        // A tight list item's words, or a lone text: inline tokens when it has them.
        return <span key={i}>{token.tokens ? inline(token.tokens, Text) : <Text text={token.text} />}</span>;
      case "code":
        return <CodeBlock key={i} code={token.text} lang={token.lang} />;
      case "blockquote":
        return (
          <blockquote key={i} className="space-y-1.5 border-l-4 border-current/30 pl-2.5">
            {blocks(token.tokens, Text)}
          </blockquote>
        );
      case "list": {
        const items = token.items.map((item, j) => <li key={j}>{listItem(item, Text)}</li>);
        return token.ordered ? (
          <ol key={i} start={token.start === "" ? undefined : token.start} className="list-decimal space-y-0.5 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={i} className="list-disc space-y-0.5 pl-5">
            {items}
          </ul>
        );
      }
      default:
        return (
          <p key={i}>
            <Text text={token.raw.trimEnd()} />
          </p>
        );
    }
  });
}

/** An item's blocks; a task's box (`[ ]`, `[x]`) reads as typed, at the start of its first line. */
function listItem(item: Tokens.ListItem, Text: TextRun): ReactNode {
  const [first, ...rest] = item.tokens;
  if (first?.type !== "checkbox") return blocks(item.tokens, Text);
  const [words, ...after] = rest;
  if (words?.type !== "text" && words?.type !== "paragraph") return blocks(item.tokens, Text);
  const box: Tokens.Text = { type: "text", raw: first.raw, text: first.raw };
  return blocks([{ ...words, tokens: [box, ...(words.tokens ?? [])] }, ...after], Text);
}

/**
 * Inline tokens as elements. Runs of what reads as plain text (text, escaped marks, bare addresses,
 * anything not formatted) are joined first, so `Text` sees an address or a mention whole.
 */
function inline(tokens: Token[], Text: TextRun, inLink = false): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push(<Text key={out.length} text={plain} inLink={inLink} />);
    plain = "";
  };
  for (const token of tokens) {
    const element = formatted(token, Text, inLink);
    if (element === null) {
      plain += plainText(token);
      continue;
    }
    flush();
    out.push(<Fragment key={out.length}>{element}</Fragment>);
  }
  flush();
  return out;
}

/** A formatted inline token as an element, or null when it reads as text. */
function formatted(generic: Token, Text: TextRun, inLink: boolean): ReactNode {
  const token = generic as MarkedToken;
  switch (token.type) {
    case "strong":
      return <strong>{inline(token.tokens, Text, inLink)}</strong>;
    case "em":
      return <em>{inline(token.tokens, Text, inLink)}</em>;
    case "del":
      return <del>{inline(token.tokens, Text, inLink)}</del>;
    case "codespan":
      return <code className="rounded bg-current/10 px-1 py-0.5 font-mono text-[0.9em]">{token.text}</code>;
    case "br":
      return <br />;
    case "link": {
      // A bare address (`token.autolink`) is plain text to `Text`, which links it as the chat always has.
      const href = !token.autolink && !inLink ? safeHref(token.href) : null;
      if (!href) return null;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
          {inline(token.tokens, Text, true)}
        </a>
      );
    }
    default:
      return null;
  }
}

/** What a token that is not formatted reads as: its text when it is text, else what was typed. */
function plainText(generic: Token): string {
  const token = generic as MarkedToken;
  return token.type === "text" || token.type === "escape" ? token.text : token.raw;
}
