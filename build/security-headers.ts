/**
 * Workers Static Assets serves the pages before the Worker runs, so the build writes the app's
 * security headers into dist/_headers. It also refuses a page whose inline scripts the policy
 * would block: the theme script's hash is written down in worker/http/security-headers.ts.
 */
import { parseHTML } from "linkedom";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { staticAssetHeadersFile, THEME_SCRIPT_HASH } from "../worker/http/security-headers";

/**
 * Where browsers reach the chat rooms in production: PARTY_HOST, else wrangler.toml's var, else
 * (null) the app's own host, where the Worker serves them.
 */
function productionPartyHost() {
  const wranglerToml = readFileSync(fileURLToPath(new URL("../wrangler.toml", import.meta.url)), "utf8");
  return process.env.PARTY_HOST || /^PARTY_HOST\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1] || null;
}

export function securityHeaders(): Plugin {
  return {
    name: "crewboard-security-headers",
    apply: "build",
    // After the pre-rendered pages are in the bundle.
    enforce: "post",
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "asset" || !output.fileName.endsWith(".html")) continue;
        const { document } = parseHTML(String(output.source));
        for (const script of document.querySelectorAll("script:not([src])")) {
          const hash = `sha256-${createHash("sha256").update(script.textContent).digest("base64")}`;
          if (hash !== THEME_SCRIPT_HASH) {
            throw new Error(
              `${output.fileName} has an inline script the CSP does not allow: set THEME_SCRIPT_HASH to "${hash}"`,
            );
          }
        }
      }
      this.emitFile({ type: "asset", fileName: "_headers", source: staticAssetHeadersFile(productionPartyHost()) });
    },
  };
}
