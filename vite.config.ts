import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { build, defineConfig, type Plugin, type Rollup } from "vite";
import { addressOf, PRERENDERED_PAGES, type PrerenderedPage } from "./worker/http/prerendered";
import { staticAssetHeadersFile, THEME_SCRIPT_HASH } from "./worker/http/security-headers";
import type { RenderedPage } from "./web/prerender";

const webDir = fileURLToPath(new URL("./web", import.meta.url));
/**
 * What every page runs: React, the router, the class helpers. React DOM is a chunk of its own, so
 * the app's loader runs the two in separate tasks: together they held the main thread ~80 ms.
 */
const REACT_DOM = /node_modules[\\/](react-dom|scheduler)[\\/]/;
const FRAMEWORK =
  /node_modules[\\/](react|@tanstack[\\/](react-router|router-core|history|store|react-store)|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
/** The query cache and tRPC client: only the signed-in area and the parts of public pages that call the API. */
const DATA = /node_modules[\\/](@tanstack[\\/](react-query|query-core)|@trpc|superjson|copy-anything|is-what)[\\/]/;

/**
 * Where browsers reach the chat rooms in production: PARTY_HOST, else wrangler.toml's var, else
 * (null) the app's own host, where the Worker serves them.
 */
function productionPartyHost() {
  const wranglerToml = readFileSync(fileURLToPath(new URL("./wrangler.toml", import.meta.url)), "utf8");
  return process.env.PARTY_HOST || /^PARTY_HOST\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1] || null;
}

/**
 * Workers Static Assets serves the pages before the Worker runs, so the build writes the app's
 * security headers into dist/_headers. It also refuses a page whose inline scripts the policy
 * would block: the theme script's hash is written down in worker/http/security-headers.ts.
 */
function securityHeaders(): Plugin {
  return {
    name: "crewboard-security-headers",
    apply: "build",
    writeBundle: {
      sequential: true,
      handler({ dir }) {
        for (const page of ["index.html", ...PRERENDERED_PAGES.map(({ file }) => file)]) {
          const html = readFileSync(join(dir!, page), "utf8");
          for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
            const hash = `sha256-${createHash("sha256").update(script!).digest("base64")}`;
            if (hash !== THEME_SCRIPT_HASH) {
              throw new Error(
                `${page} has an inline script the CSP does not allow: set THEME_SCRIPT_HASH to "${hash}"`,
              );
            }
          }
        }
        writeFileSync(join(dir!, "_headers"), staticAssetHeadersFile(productionPartyHost()));
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const APP_SCRIPTS =
  /\s*<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"[^>]*>(?:<\/script>)?/g;

/**
 * The app's loader, on every page the build writes. It runs the app's chunks one per task in the
 * shell's order (the framework among the first), then the entry: the app's whole module graph run
 * in one go would hold the main thread for its whole length. The shell names the chunks in its
 * head, so they are fetched from the start. A pre-rendered page lists them, with the code of the
 * routes it shows, in its `template[data-page-code]`: they are fetched once the page's first
 * contentful paint is on screen (a few links per task, as each request costs the main thread),
 * so they never compete with the page for the network or the main thread before the visitor sees
 * it. A tab that is or goes hidden (nothing to paint) loads them at once.
 * Written once per build into assets/, named by its content.
 */
function writeAppLoader(shell: string, dir: string) {
  const [entry, ...chunks] = [...shell.matchAll(APP_SCRIPTS)].map(([, url]) => url!);
  const code = [
    `const chunks = ${JSON.stringify(chunks)};`,
    `const pageCode = document.querySelector("template[data-page-code]");`,
    `const nextTask = () => new Promise((resolve) => setTimeout(resolve));`,
    `const firstContentfulPaint = () =>`,
    `  new Promise((resolve) => {`,
    `    document.addEventListener("visibilitychange", resolve, { once: true });`,
    `    new PerformanceObserver((entries, observer) => {`,
    `      if (!entries.getEntriesByName("first-contentful-paint").length) return;`,
    `      observer.disconnect();`,
    `      resolve();`,
    `    }).observe({ type: "paint", buffered: true });`,
    `  });`,
    `const painted = () => {`,
    `  if (document.visibilityState === "hidden") return Promise.resolve();`,
    `  if (pageCode && PerformanceObserver.supportedEntryTypes.includes("paint")) return firstContentfulPaint();`,
    `  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));`,
    `};`,
    `const LINKS_PER_TASK = 6;`,
    `const fetchPageCode = async () => {`,
    `  const links = [...(pageCode?.content.children ?? [])];`,
    `  for (let i = 0; i < links.length; i += LINKS_PER_TASK) {`,
    `    if (i) await nextTask();`,
    `    document.head.append(...links.slice(i, i + LINKS_PER_TASK));`,
    `  }`,
    `};`,
    `const load = async () => {`,
    `  await painted();`,
    `  void fetchPageCode();`,
    `  for (const href of chunks) {`,
    `    await import(href);`,
    `    await nextTask();`,
    `  }`,
    `  await import(${JSON.stringify(entry)});`,
    `};`,
    `void load();`,
    ``,
  ].join("\n");
  const file = `assets/load-app-${createHash("sha256").update(code).digest("hex").slice(0, 8)}.js`;
  writeFileSync(join(dir, file), code);
  return `/${file}`;
}

/**
 * A pre-rendered page in the built shell: its own title and description; the stylesheet inline,
 * so nothing but the HTML stands between the visitor and the first paint; the app loaded after
 * that paint (writeAppLoader). A public page is in the root, for the app to take over as it is; a
 * signed-in page's outline is beside the empty root, and gives way as soon as the app has rendered
 * anything there (styles.css). `pageCode` (the app's chunks and the page's own routes) is listed
 * for the loader to fetch all at once after the first paint: the app's router would find the
 * routes' code only once the app has run, one by one, while the visitor waits.
 */
function prerenderedHtml(
  shell: string,
  page: RenderedPage,
  { kind, path }: PrerenderedPage,
  dir: string,
  loader: string,
  pageCode: string[],
) {
  return shell
    .replace(
      /<title>.*<\/title>/,
      () =>
        `<title>${escapeHtml(page.title)}</title>\n    <meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/, (_, href: string) => {
      const css = readFileSync(join(dir, href), "utf8");
      if (css.includes("</style")) throw new Error(`${href} cannot be inlined: it closes the <style> element`);
      return `<style>${css}</style>`;
    })
    .replace(APP_SCRIPTS, "")
    .replace(
      "</head>",
      () =>
        [
          `<template data-page-code>${pageCode.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join("")}</template>`,
          `<script type="module" src="${loader}"></script>`,
        ]
          .map((tag) => `    ${tag}\n`)
          .join("") + "  </head>",
    )
    .replace('<div id="root"></div>', () =>
      kind === "page"
        ? `<div id="root" data-prerendered="${path}">${page.html}</div>`
        : `<div id="root"></div><div data-outline>${page.html}</div>`,
    );
}

/**
 * The files of the routes' split components (TanStack Router's code splitting) and every chunk they
 * import, as the page's absolute paths: what the router will ask for to render those routes.
 */
function routeCode(bundle: Rollup.OutputBundle, routeIds: string[]) {
  // By route id: routes/_authed/chat.$chatId.tsx is the route /_authed/chat/$chatId, and
  // routes/_site/index.tsx the route /_site/. A route may split its component with other parts
  // (codeSplitGroupings): `?tsr-split=component---pendingComponent`.
  const chunks = new Map<string, Rollup.OutputChunk>();
  const routesDir = join(webDir, "routes");
  for (const output of Object.values(bundle)) {
    const split = output.type === "chunk" && output.facadeModuleId?.match(/^(.*)\.tsx\?tsr-split=([\w-]+)$/);
    if (split && split[1]!.startsWith(routesDir) && split[2]!.split("---").includes("component")) {
      chunks.set(
        split[1]!
          .slice(routesDir.length)
          .replace(/\./g, "/")
          .replace(/\/index$/, "/"),
        output,
      );
    }
  }
  const files = new Set<string>();
  const add = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) add(bundle[imported] as Rollup.OutputChunk | undefined);
  };
  for (const id of routeIds) add(chunks.get(id));
  return [...files].map((file) => `/${file}`);
}

/**
 * Renders PRERENDERED_PAGES into the built shell, so a visitor reads the page (or, signed in, its
 * outline and heading) before its scripts have loaded; main.tsx then takes over. web/prerender.tsx
 * is built for Node into node_modules/.cache (where its imports resolve), run once per page, and
 * removed.
 */
function prerender(): Plugin {
  const cacheDir = fileURLToPath(new URL("./node_modules/.cache", import.meta.url));
  return {
    name: "crewboard-prerender",
    apply: "build",
    writeBundle: {
      sequential: true,
      async handler({ dir }, bundle) {
        mkdirSync(cacheDir, { recursive: true });
        // Its own directory, so two builds at once (the benchmark's beside `npm run build`) never meet.
        const ssrDir = mkdtempSync(join(cacheDir, "crewboard-prerender-"));
        try {
          await build({
            configFile: false,
            root: webDir,
            logLevel: "warn",
            plugins: [react()],
            resolve: { tsconfigPaths: true },
            build: { ssr: join(webDir, "prerender.tsx"), outDir: ssrDir, emptyOutDir: true },
          });
          const { renderPage, renderOutline } = (await import(pathToFileURL(join(ssrDir, "prerender.js")).href)) as {
            renderPage: (path: string) => Promise<RenderedPage>;
            renderOutline: (path: string) => RenderedPage;
          };
          const stylesheets = Object.keys(bundle).filter((file) => file.endsWith(".css"));
          if (stylesheets.length !== 1) {
            throw new Error(`Expected the app's one stylesheet, found ${stylesheets.join(", ") || "none"}`);
          }
          const shell = readFileSync(join(dir!, "index.html"), "utf8");
          const loader = writeAppLoader(shell, dir!);
          const [entry, ...chunks] = [...shell.matchAll(APP_SCRIPTS)].map(([, url]) => url!);
          for (const prerendered of PRERENDERED_PAGES) {
            const { path, file, kind } = prerendered;
            const page = kind === "page" ? await renderPage(path) : renderOutline(addressOf(prerendered));
            const pageCode = [...new Set([...chunks, entry!, ...routeCode(bundle, page.routeIds)])];
            mkdirSync(dirname(join(dir!, file)), { recursive: true });
            writeFileSync(join(dir!, file), prerenderedHtml(shell, page, prerendered, dir!, loader, pageCode));
          }
          // Every other address gets the shell: its chunks are fetched from the start, as named in its
          // head, and run one per task, by the same loader.
          const entryScript = /<script type="module"[^>]*src="[^"]+"[^>]*><\/script>/;
          if (!entryScript.test(shell)) throw new Error("index.html has no entry script to load through the loader");
          writeFileSync(
            join(dir!, "index.html"),
            shell.replace(entryScript, () => `<script type="module" src="${loader}"></script>`),
          );
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * The Node host serves these files compressed as they are (serveStatic's `precompressed`), so no
 * request spends CPU on compression and every visitor gets brotli's smaller bytes. Workers Static
 * Assets compresses by itself: `.assetsignore` keeps the copies out of its upload.
 */
function precompress(): Plugin {
  return {
    name: "crewboard-precompress",
    apply: "build",
    writeBundle: {
      sequential: true,
      handler({ dir }) {
        const files = readdirSync(dir!, { recursive: true, encoding: "utf8" }).filter((file) =>
          COMPRESSIBLE.test(file),
        );
        for (const file of files) {
          const body = readFileSync(join(dir!, file));
          writeFileSync(join(dir!, `${file}.gz`), gzipSync(body, { level: 9 }));
          writeFileSync(
            join(dir!, `${file}.br`),
            brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
          );
        }
        writeFileSync(join(dir!, ".assetsignore"), "*.gz\n*.br\n");
      },
    },
  };
}

export default defineConfig({
  root: webDir,
  plugins: [
    tanstackRouter({
      target: "react",
      routesDirectory: `${webDir}/routes`,
      generatedRouteTree: `${webDir}/routeTree.gen.ts`,
      // Each route's component is its own chunk: public pages never load the signed-in app.
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    prerender(),
    securityHeaders(),
    precompress(),
  ],
  resolve: {
    tsconfigPaths: true,
    alias: {
      // TanStack Store asks for the shim that brings useSyncExternalStore to React 17; React 19 has
      // it built in, and the shim's fallback would be dead weight on every page's first load.
      "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector",
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app, in every page's head (linked, or inline in a pre-rendered
    // page). Split per chunk, it was named as a lazy chunk's dependency and linked again beside the
    // inline copy: fetched, parsed and every style on the page recalculated, as a menu first opened.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Each as one chunk: split into a dozen pieces they cost more bytes and requests.
          groups: [
            { name: "react-dom", test: REACT_DOM },
            { name: "framework", test: FRAMEWORK },
            { name: "data", test: DATA },
          ],
        },
      },
    },
  },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 8787}` } },
  },
});
