/**
 * Renders the public pages at build time (vite.config.ts runs it), so their HTML already holds
 * what a visitor came to read before any script has loaded. The SPA takes over in main.tsx.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { App } from "./app";
import { createAppRouter } from "./router";

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const meta = router.state.matches.flatMap((match) => match.meta ?? []);
  const last = (pick: (tag: (typeof meta)[number]) => string | undefined) => meta.map(pick).filter(Boolean).at(-1)!;
  return {
    // The title and description go into the page's head (by the build); rendered here they would
    // land inside the body, where the app's own head tags replace them anyway.
    html: renderToString(<App router={router} />).replace(/<title>[\s\S]*?<\/title>|<meta [^>]*\/>/g, ""),
    title: last((tag) => tag?.title),
    description: last((tag) => (tag?.name === "description" ? tag.content : undefined)),
  };
}
