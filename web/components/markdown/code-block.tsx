import type { RootContent } from "hast";
import { Check, Copy } from "lucide-react";
import { Suspense, use, useEffect, useMemo, useState, type ReactNode } from "react";
import { highlighterFor } from "./highlight";
import { languageOf } from "./languages";

/** How long the button says 'Copied'. */
const COPIED_MS = 2000;

/**
 * A fenced block: monochrome at once, highlighted once its language's grammar is here (none for a
 * block without a language or in one without a grammar). Long lines scroll inside the block.
 */
export function CodeBlock({ code, lang }: { code: string; lang: string | undefined }) {
  const language = languageOf(lang);
  return (
    <div className="code-block my-1 min-w-0 overflow-hidden rounded-lg border" data-code-block>
      <div className="flex items-center justify-between gap-2 border-b py-0.5 pr-1 pl-3 text-xs">
        <span className="code-block-label truncate font-mono">{lang?.trim()}</span>
        <CopyButton code={code} />
      </div>
      <pre className="overflow-x-auto px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre">
        <code>
          {language ? (
            <Suspense fallback={code}>
              <Highlighted code={code} language={language} />
            </Suspense>
          ) : (
            code
          )}
        </code>
      </pre>
    </div>
  );
}

function Highlighted({ code, language }: { code: string; language: string }) {
  const highlight = use(highlighterFor(language));
  return useMemo(() => (highlight ? toReact(highlight(code).children) : code), [highlight, code]);
}

/** highlight.js's tree of spans as React elements: only spans with its classes, and text. */
function toReact(nodes: RootContent[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === "text") return node.value;
    if (node.type !== "element") return null;
    const className = node.properties.className;
    return (
      <span key={i} className={Array.isArray(className) ? className.join(" ") : undefined}>
        {toReact(node.children)}
      </span>
    );
  });
}

function CopyButton({ code }: { code: string }) {
  const [outcome, setOutcome] = useState<"Copied" | "Copy failed" | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  // The clipboard is missing outside a secure context, or refused: the button says so.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setOutcome("Copied");
    } catch {
      setOutcome("Copy failed");
    }
  };
  return (
    <>
      <button
        type="button"
        aria-label={outcome ?? "Copy code"}
        className="code-block-button inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-1 font-sans font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onClick={() => void copy()}
      >
        {outcome === "Copied" ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        {outcome ?? "Copy"}
      </button>
      <span role="status" className="sr-only">
        {outcome}
      </span>
    </>
  );
}
