import type { Root } from "hast";
import { grammarOf } from "./languages";

type Highlight = (code: string) => Root;

/**
 * One load per language, shared by every block in it; React's `use` reads a settled promise at
 * once, so a block in a language already here renders highlighted in its first frame.
 */
const loaded = new Map<string, Promise<Highlight | null>>();

/**
 * Highlights code in a language `languageOf` named, once the core and the language have arrived;
 * null when they could not be fetched (offline), and asked again by the next block that shows.
 */
export function highlighterFor(language: string): Promise<Highlight | null> {
  let highlighter = loaded.get(language);
  if (!highlighter) {
    highlighter = Promise.all([import("./highlighter"), grammarOf(language)()]).then(
      ([{ lowlight }, { default: grammar }]) => {
        lowlight.register(language, grammar);
        return (code: string) => lowlight.highlight(language, code);
      },
      () => {
        loaded.delete(language);
        return null;
      },
    );
    loaded.set(language, highlighter);
  }
  return highlighter;
}
