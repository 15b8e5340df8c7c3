import { lazy, Suspense, type ComponentType } from "react";
import { looksFormatted } from "./looks-formatted";

/**
 * Renders the plain text between Markdown's marks: mentions, bare addresses. `inLink` is set inside
 * a link's own words, which must not hold another link.
 */
export type TextRun = ComponentType<{ text: string; inLink?: boolean }>;

/** The parser and renderer: fetched the first time a text with Markdown's marks renders. */
const Formatted = lazy(() => import("./formatted"));

/**
 * A member's text with its Markdown formatted. A text without Markdown's marks is plain text, as
 * is one with them until the parser has arrived.
 */
export function Markdown({ text, Text }: { text: string; Text: TextRun }) {
  if (!looksFormatted(text)) return <Text text={text} />;
  return (
    <Suspense fallback={<Text text={text} />}>
      <Formatted text={text} Text={Text} />
    </Suspense>
  );
}
