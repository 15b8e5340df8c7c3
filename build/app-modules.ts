/**
 * The app runs through its loader (web/load-app.ts), index.html's one script: main.tsx is built as
 * an entry of its own, and each page names the modules the loader runs, in the order it runs them.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";

const webDir = fileURLToPath(new URL("../web", import.meta.url));
const MAIN = join(webDir, "main.tsx");

/**
 * The app's entry and every chunk it imports, as the page's absolute paths: dependencies first, so
 * each module the loader runs finds what it imports already run, and the entry last.
 */
export function appModuleFiles(bundle: Rollup.OutputBundle) {
  const main = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk => output.type === "chunk" && output.facadeModuleId === MAIN,
  );
  if (!main) throw new Error("The bundle has no chunk for web/main.tsx");
  const files: string[] = [];
  const visit = (chunk: Rollup.OutputChunk) => {
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type !== "chunk" || files.includes(file)) continue;
      visit(imported);
      files.push(file);
    }
  };
  visit(main);
  return [...files, main.fileName].map((file) => `/${file}`);
}

/** A module the loader runs, named in the page's head (or, pre-rendered, in its page code). */
export const appModuleLink = (href: string): HtmlTagDescriptor => ({
  tag: "link",
  attrs: { rel: "modulepreload", crossorigin: true, href, "data-app-module": true },
  injectTo: "head",
});

export function appModules(): Plugin {
  return {
    name: "crewboard-app-modules",
    config: (_, { command }) =>
      command === "build"
        ? // Named for the loader, the one script index.html runs.
          { build: { rolldownOptions: { input: { "load-app": join(webDir, "index.html"), main: MAIN } } } }
        : undefined,
    transformIndexHtml: {
      order: "post",
      // Served by the dev server, the app is its source: main.tsx and what it imports.
      handler: (_, { bundle }) => (bundle ? appModuleFiles(bundle) : ["/main.tsx"]).map(appModuleLink),
    },
  };
}
