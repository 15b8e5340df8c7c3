/**
 * The pages the build renders ahead of time (build/prerender.ts, web/prerender.tsx), and the file each
 * is written to in dist/. A public page is rendered whole and the app adopts it; a signed-in page
 * gets its outline, which gives way when the app renders. Both hosts serve these files for exactly
 * these paths; every other path gets the empty shell, index.html. At the edge Workers Static Assets
 * serves `pricing.html` at /pricing (and so on) by itself; "/" would get the shell and a chat's
 * address matches no file, so the Worker answers those (`servedByWorker`).
 */
export interface PrerenderedPage {
  /** Where it is served: a path, or a pattern whose `:name` segments match any one segment. */
  path: string;
  file: string;
  kind: "page" | "outline";
}

const outline = (path: string): PrerenderedPage => ({ path, file: `${path.slice(1)}.html`, kind: "outline" });

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: "/", file: "home.html", kind: "page" },
  { path: "/pricing", file: "pricing.html", kind: "page" },
  ...["/dashboard", "/all-projects", "/my-projects", "/people", "/friends", "/requests"].map(outline),
  // Every chat's address shows the same frame; the file's own address is a chat's too (/chat/outline).
  { path: "/chat/:chatId", file: "chat/outline.html", kind: "outline" },
];

/** One address the page is served at: its path, each `:name` segment filled in. */
export const addressOf = ({ path }: PrerenderedPage) => path.replace(/:\w+/g, "example");

/** Where Workers Static Assets serves a file (it drops `.html`). */
export const assetPathOf = ({ file }: PrerenderedPage) => `/${file.replace(/\.html$/, "")}`;

/**
 * The pages Workers Static Assets would not serve at their path by itself: the Worker answers them,
 * so wrangler.toml's `run_worker_first` names each ("/", "/chat/*").
 */
export const servedByWorker = (page: PrerenderedPage) => page.path === "/" || page.path.includes(":");
