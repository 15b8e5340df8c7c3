/**
 * Renders pages at build time (build/prerender.ts runs it), so their HTML already holds something to
 * read before any script has loaded: the public pages whole (the SPA takes them over in main.tsx),
 * and the signed-in pages' outline and heading (the SPA renders beside it, and it gives way).
 */
import { createMemoryHistory, RouterContextProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { App } from "./app";
import { OFFLINE_TITLE, OfflinePage } from "./components/offline-page";
import { headingOf, isChat, Outline } from "./components/shell-outline";
import { CHAT_TITLE, DEFAULT_DESCRIPTION, pageTitle } from "./lib/head";
import { createAppRouter } from "./router";

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
  /** The routes the page's address matches, root first: their code is named in the page. */
  routeIds: string[];
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
    routeIds: router.state.matches.map((match) => match.routeId),
  };
}

/** A signed-in page as it shows while its session is checked: the same for every member. */
export function renderOutline(path: string): RenderedPage {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const matches = router.matchRoutes(router.state.location);
  const title = isChat(matches) ? CHAT_TITLE : headingOf(matches)?.title;
  if (!title) throw new Error(`${path} has no heading (staticData.heading) to render its outline with`);
  return {
    html: renderToString(
      <RouterContextProvider router={router}>
        <Outline matches={matches} />
      </RouterContextProvider>,
    ),
    title: pageTitle(title),
    description: DEFAULT_DESCRIPTION,
    routeIds: matches.map((match: { routeId: string }) => match.routeId),
  };
}

/** The page the service worker shows for any address asked without a network. */
export function renderOffline(): RenderedPage {
  return {
    html: renderToString(<OfflinePage />),
    title: pageTitle(OFFLINE_TITLE),
    description: DEFAULT_DESCRIPTION,
    routeIds: [],
  };
}
