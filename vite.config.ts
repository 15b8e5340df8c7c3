import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { staticAssetHeadersFile, THEME_SCRIPT_HASH } from "./worker/http/security-headers";

const webDir = fileURLToPath(new URL("./web", import.meta.url));
/** What every page runs: React, the router, the class helpers. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
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
    writeBundle({ dir }) {
      const html = readFileSync(join(dir!, "index.html"), "utf8");
      for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        const hash = `sha256-${createHash("sha256").update(script!).digest("base64")}`;
        if (hash !== THEME_SCRIPT_HASH) {
          throw new Error(`index.html has an inline script the CSP does not allow: set THEME_SCRIPT_HASH to "${hash}"`);
        }
      }
      writeFileSync(join(dir!, "_headers"), staticAssetHeadersFile(productionPartyHost()));
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
    writeBundle({ dir }) {
      const files = readdirSync(dir!, { recursive: true, encoding: "utf8" }).filter((file) => COMPRESSIBLE.test(file));
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
    securityHeaders(),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Each as one chunk: split into a dozen pieces they cost more bytes and requests.
          groups: [
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
