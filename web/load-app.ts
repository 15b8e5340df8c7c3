/**
 * The app's loader: the one script of every page the build writes (index.html's entry). It runs the
 * app's modules one per task, in the order the page names them (`link[data-app-module]`, the
 * framework among the first, main.tsx last): the app's whole module graph run in one go would hold
 * the main thread for its whole length. The shell names them in its head, so they are fetched from
 * the start. A pre-rendered page names them in its `template[data-page-code]`: they are fetched
 * once the page's first contentful paint is on screen (a few links per task, as each request costs
 * the main thread), so they never compete with the page for the network or the main thread before
 * the visitor sees it. A tab that is or goes hidden (nothing to paint) loads them at once.
 */
const APP_MODULE = "link[data-app-module]";
const LINKS_PER_TASK = 6;

const pageCode = document.querySelector<HTMLTemplateElement>("template[data-page-code]");
const appModules = [
  ...document.querySelectorAll<HTMLLinkElement>(APP_MODULE),
  ...(pageCode?.content.querySelectorAll<HTMLLinkElement>(APP_MODULE) ?? []),
  // The template's content has no address of its own to resolve `href` against.
].map((link) => link.getAttribute("href")!);

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const firstContentfulPaint = () =>
  new Promise<void>((resolve) => {
    document.addEventListener("visibilitychange", () => resolve(), { once: true });
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });

function painted() {
  if (document.visibilityState === "hidden") return Promise.resolve();
  if (pageCode && PerformanceObserver.supportedEntryTypes.includes("paint")) return firstContentfulPaint();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

async function fetchPageCode() {
  const links = [...(pageCode?.content.children ?? [])];
  for (let i = 0; i < links.length; i += LINKS_PER_TASK) {
    if (i) await nextTask();
    for (const link of links.slice(i, i + LINKS_PER_TASK)) document.head.appendChild(link);
  }
}

async function load() {
  await painted();
  void fetchPageCode();
  for (const [i, href] of appModules.entries()) {
    if (i) await nextTask();
    await import(/* @vite-ignore */ href);
  }
}

void load();
