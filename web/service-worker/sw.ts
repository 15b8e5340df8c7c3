/**
 * The service worker (built by vite-plugin-pwa's injectManifest, build/pwa.ts): it precaches the
 * app's code, styles and icons, so an installed app opens from the device; shows the offline page
 * for a page asked without a network; and shows Web Push notifications, opening their page when
 * clicked. Pages themselves always come from the network, so a sign-in, a redirect or a new
 * release is never answered from an old copy; the API and the rooms never go through it at all.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { clickTarget, readPush, windowToUse } from "./notifications";
import { OFFLINE_PAGE_FILE } from "./offline-page";

/**
 * The parts of the worker's global scope used here. TypeScript's WebWorker library would clash
 * with the DOM library the rest of web/ is checked against, so they are declared here instead.
 */
interface WaitingEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends WaitingEvent {
  readonly data: { text(): string } | null;
}
interface NotificationClickEvent extends WaitingEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface Scope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: WaitingEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEvent) => void): void;
}
const scope = self as unknown as Scope;

/** Where no page of the app may come from a cache: the API, the rooms, the local mailbox. */
const NEVER_CACHED = [/^\/api\//, /^\/parties\//, /^\/dev\//];
const OFFLINE_PAGE = `/${OFFLINE_PAGE_FILE}`;

precacheAndRoute((self as unknown as { __WB_MANIFEST: PrecacheEntry[] }).__WB_MANIFEST);
cleanupOutdatedCaches();

// A new release takes over at once: pages always come from the network, so none is left running
// code the new precache no longer has (hashed files of the old release stay until it is cleaned).
scope.addEventListener("install", () => void scope.skipWaiting());
scope.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([scope.clients.claim(), scope.registration.navigationPreload?.enable()]));
});

/** A page: from the network (started while the worker woke, by navigation preload), else the offline page. */
registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = await (event as unknown as { preloadResponse?: Promise<Response | undefined> })
          .preloadResponse;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    { denylist: NEVER_CACHED },
  ),
);

scope.addEventListener("push", (event) => {
  const push = readPush(event.data?.text() ?? null);
  event.waitUntil(
    scope.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag || undefined,
      icon: "/pwa-192x192.png",
      badge: "/pwa-64x64.png",
      data: { url: push.url },
    }),
  );
});

scope.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const origin = scope.location.origin;
  const url = clickTarget((event.notification.data as { url?: unknown } | null)?.url, origin);
  event.waitUntil(
    (async () => {
      const open = windowToUse(await scope.clients.matchAll({ type: "window", includeUncontrolled: true }), origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url === url) return;
        try {
          // Only a window this worker controls can be sent elsewhere; any other gets a new one.
          if (await focused.navigate(url)) return;
        } catch {
          // Opened below instead.
        }
      }
      await scope.clients.openWindow(url);
    })(),
  );
});
