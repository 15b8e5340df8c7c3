import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { appModules } from "./build/app-modules";
import { precompress } from "./build/precompress";
import { preloadMissing } from "./build/preload-missing";
import { installableApp } from "./build/pwa";
import { prerender } from "./build/prerender";
import { securityHeaders } from "./build/security-headers";

const webDir = fileURLToPath(new URL("./web", import.meta.url));
const preload = preloadMissing();
/**
 * What every page runs: React, the router, the class helpers, lucide's icon maker and Vite's preload
 * helper (as chunks of their own, those two cost a request and a file's overhead each: 1 KB of every
 * page's first load). React DOM is a chunk of its own, so the app's loader runs the two in separate
 * tasks: together they held the main thread ~80 ms. The router's blocker, which only forms with
 * unsaved changes use, stays with them.
 */
const REACT_DOM = /node_modules[\\/](react-dom|scheduler)[\\/]/;
const FRAMEWORK =
  /node_modules[\\/](react|@tanstack[\\/](react-router(?![\\/]dist[\\/]esm[\\/]useBlocker)|router-core|history|store|react-store)|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared))[\\/.]|vite[\\/]preload-helper/;
/** The query cache and tRPC client: only the signed-in area and the parts of public pages that call the API. */
const DATA = /node_modules[\\/](@tanstack[\\/](react-query|query-core)|@trpc|superjson|copy-anything|is-what)[\\/]/;

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
    appModules(),
    preload.plugin,
    prerender(),
    securityHeaders(),
    precompress(),
    installableApp(),
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
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    // One stylesheet for the whole app, in every page's head (linked, or inline in a pre-rendered
    // page). Split per chunk, it was named as a lazy chunk's dependency and linked again beside the
    // inline copy: fetched, parsed and every style on the page recalculated, as a menu first opened.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Hashes without `-` or `_`: a file's name stays `<name>-<word>`, as the loader is found by.
        hashCharacters: "base36",
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
