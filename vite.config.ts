import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { staticAssetHeadersFile, THEME_SCRIPT_HASH } from "./worker/http/security-headers";

const webDir = fileURLToPath(new URL("./web", import.meta.url));
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|superjson|copy-anything|is-what|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

/** Where browsers reach the chat rooms in production: PARTY_HOST, else wrangler.toml's var. */
function productionPartyHost() {
  const wranglerToml = readFileSync(fileURLToPath(new URL("./wrangler.toml", import.meta.url)), "utf8");
  const host = process.env.PARTY_HOST || /^PARTY_HOST\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
  if (!host) throw new Error("PARTY_HOST is set neither in the environment nor in wrangler.toml");
  return host;
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
  ],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, router, query + tRPC, class helpers) as one chunk: split
          // into a dozen pieces it costs more bytes and requests (bench/web.ts measures it).
          groups: [{ name: "framework", test: FRAMEWORK }],
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
