/**
 * The pages the build renders ahead of time (vite.config.ts, web/prerender.tsx), and the file each
 * is written to in dist/. A public page is rendered whole and the app adopts it; a signed-in page
 * gets its outline and heading, which give way when the app renders. Both hosts serve these files
 * for exactly these paths; every other path gets the empty shell, index.html. At the edge Workers
 * Static Assets serves `pricing.html` at /pricing (and so on) by itself; "/" would get the shell, so
 * the Worker answers it.
 */
export interface PrerenderedPage {
  path: string;
  file: string;
  kind: "page" | "outline";
}

const outline = (path: string): PrerenderedPage => ({ path, file: `${path.slice(1)}.html`, kind: "outline" });

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: "/", file: "home.html", kind: "page" },
  { path: "/pricing", file: "pricing.html", kind: "page" },
  ...["/dashboard", "/all-projects", "/my-projects", "/friends", "/requests"].map(outline),
];

/** What Workers Static Assets serves the landing's file at (it drops `.html`). */
export const LANDING_ASSET_PATH = "/home";
