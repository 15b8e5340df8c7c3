/**
 * Renders PRERENDERED_PAGES into the built shell, so a visitor reads the page (or, signed in, its
 * outline and heading) before its scripts have loaded; main.tsx then takes over. And the offline
 * page the service worker shows.
 */
import react from "@vitejs/plugin-react";
import { parseHTML } from "linkedom";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin, type Rollup } from "vite";
import type * as Renderer from "../web/prerender";
import { OFFLINE_PAGE_FILE } from "../web/service-worker/offline-page";
import { addressOf, PRERENDERED_PAGES, type PrerenderedPage } from "../worker/http/prerendered";
import { appModuleFiles } from "./app-modules";
import { routeCode, routeFile } from "./route-code";

const webDir = fileURLToPath(new URL("../web", import.meta.url));
const routesDir = join(webDir, "routes");
const cacheDir = fileURLToPath(new URL("../node_modules/.cache", import.meta.url));

/**
 * Runs `render` with web/prerender.tsx built for Node into node_modules/.cache (where its imports
 * resolve), in a directory of its own, so two builds at once (the benchmark's beside `npm run
 * build`) never meet; the directory goes afterwards.
 */
async function withRenderer<T>(render: (renderer: typeof Renderer) => Promise<T>) {
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(join(cacheDir, "crewboard-prerender-"));
  try {
    await build({
      configFile: false,
      root: webDir,
      logLevel: "warn",
      plugins: [react()],
      resolve: { tsconfigPaths: true },
      build: { ssr: join(webDir, "prerender.tsx"), outDir, emptyOutDir: true },
    });
    return await render((await import(pathToFileURL(join(outDir, "prerender.js")).href)) as typeof Renderer);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The shell's head made the page's own: its title and description, and the stylesheet inline. */
function pageDocument(shell: string, css: string, page: Renderer.RenderedPage) {
  const { document } = parseHTML(shell);
  const title = document.querySelector("title")!;
  title.textContent = page.title;
  const description = document.createElement("meta");
  description.setAttribute("name", "description");
  description.setAttribute("content", page.description);
  title.insertAdjacentElement("afterend", description);

  const stylesheet = document.querySelector('link[rel="stylesheet"]');
  if (!stylesheet) throw new Error("index.html links no stylesheet to inline");
  if (css.includes("</style")) throw new Error("The stylesheet cannot be inlined: it closes the <style> element");
  const style = document.createElement("style");
  style.textContent = css;
  stylesheet.replaceWith(style);
  return document;
}

const serialized = (document: Document) => `<!doctype html>\n${document.documentElement.outerHTML}`;

/**
 * A pre-rendered page in the built shell: its own title and description; the stylesheet inline,
 * so nothing but the HTML stands between the visitor and the first paint; the app's modules moved
 * from the head into its page code, with the code of the routes it shows (build/route-code.ts), for
 * the loader to fetch after that paint (web/load-app.ts). A public page is in the root, for the app
 * to take over as it is; a signed-in page's outline is beside the empty root, and gives way as soon
 * as the app has rendered anything there (styles.css).
 */
function pageHtml(
  shell: string,
  css: string,
  page: Renderer.RenderedPage,
  { kind, path }: PrerenderedPage,
  routeCodeFiles: string[],
) {
  const document = pageDocument(shell, css, page);
  const pageCode = document.createElement("template");
  pageCode.setAttribute("data-page-code", "");
  for (const link of document.querySelectorAll("link[data-app-module]")) pageCode.appendChild(link);
  for (const file of routeCodeFiles) {
    const link = document.createElement("link");
    link.setAttribute("rel", "modulepreload");
    link.setAttribute("crossorigin", "");
    link.setAttribute("href", `/${file}`);
    pageCode.appendChild(link);
  }
  document.head.appendChild(pageCode);

  const root = document.getElementById("root")!;
  if (kind === "page") {
    root.setAttribute("data-prerendered", path);
    root.innerHTML = page.html;
  } else {
    const outline = document.createElement("div");
    outline.setAttribute("data-outline", "");
    outline.innerHTML = page.html;
    root.insertAdjacentElement("afterend", outline);
  }
  return serialized(document);
}

/**
 * The offline page: everything it shows is in its HTML, and it runs nothing but the theme script
 * (the app would take the address over and ask the network for what it shows).
 */
function offlineHtml(shell: string, css: string, page: Renderer.RenderedPage) {
  const document = pageDocument(shell, css, page);
  for (const code of document.querySelectorAll("script[src], link[data-app-module]")) code.remove();
  document.getElementById("root")!.innerHTML = page.html;
  return serialized(document);
}

const assetSource = (bundle: Rollup.OutputBundle, fileName: string) => {
  const asset = bundle[fileName];
  if (asset?.type !== "asset") throw new Error(`The bundle has no ${fileName}`);
  return String(asset.source);
};

export function prerender(): Plugin {
  return {
    name: "crewboard-prerender",
    apply: "build",
    // After index.html is written, before the precompression that must see the pages.
    enforce: "post",
    async generateBundle(_, bundle) {
      const stylesheets = Object.keys(bundle).filter((file) => file.endsWith(".css"));
      if (stylesheets.length !== 1) {
        throw new Error(`Expected the app's one stylesheet, found ${stylesheets.join(", ") || "none"}`);
      }
      const shell = assetSource(bundle, "index.html");
      const css = assetSource(bundle, stylesheets[0]!);
      const appModules = new Set(appModuleFiles(bundle).map((href) => href.slice(1)));
      const codeOf = (page: Renderer.RenderedPage, { path }: PrerenderedPage) => {
        const files = routeCode(
          bundle,
          page.routeIds.map((id) => routeFile(routesDir, id)),
          appModules,
        );
        // Every page shows a route with a component: none found means the router's split module
        // ids have changed (docs/PERFORMANCE.md), and the page would wait for its code again.
        if (!files.length) throw new Error(`Found no route code for ${path}: see build/route-code.ts`);
        return files;
      };
      await withRenderer(async ({ renderPage, renderOutline, renderOffline }) => {
        for (const prerendered of PRERENDERED_PAGES) {
          const page =
            prerendered.kind === "page" ? await renderPage(prerendered.path) : renderOutline(addressOf(prerendered));
          this.emitFile({
            type: "asset",
            fileName: prerendered.file,
            source: pageHtml(shell, css, page, prerendered, codeOf(page, prerendered)),
          });
        }
        this.emitFile({ type: "asset", fileName: OFFLINE_PAGE_FILE, source: offlineHtml(shell, css, renderOffline()) });
      });
    },
  };
}
