/**
 * The Node host serves the build's text files compressed as they are (serveStatic's
 * `precompressed`), so no request spends CPU on compression and every visitor gets brotli's
 * smaller bytes. Workers Static Assets compresses by itself: `.assetsignore` keeps the copies out
 * of its upload.
 */
import type { Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

export function precompress(): Plugin[] {
  return [
    compression({
      include: /\.(js|css|html|svg|json|txt)$/,
      algorithms: ["gzip", "brotliCompress"],
    }),
    {
      name: "crewboard-assets-ignore",
      apply: "build",
      generateBundle() {
        this.emitFile({ type: "asset", fileName: ".assetsignore", source: "*.gz\n*.br\n" });
      },
    },
  ];
}
