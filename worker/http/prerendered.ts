/**
 * The public pages the build renders ahead of time (vite.config.ts, web/prerender.tsx), and the
 * file each is written to in dist/. Both hosts serve these files for exactly these paths; every
 * other path gets the empty shell, index.html. At the edge Workers Static Assets serves
 * `pricing.html` at /pricing by itself; "/" would get the shell, so the Worker answers it.
 */
export const PRERENDERED_PAGES = [
  { path: "/", file: "home.html" },
  { path: "/pricing", file: "pricing.html" },
] as const;

/** What Workers Static Assets serves the landing's file at (it drops `.html`). */
export const LANDING_ASSET_PATH = "/home";
