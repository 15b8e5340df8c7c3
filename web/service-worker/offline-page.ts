/** The offline page's file in dist/: the build renders it (build/prerender.ts), the worker precaches and shows it. */
export const OFFLINE_PAGE_FILE = "offline.html";
