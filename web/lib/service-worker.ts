/**
 * The service worker (web/service-worker/sw.ts, built to /sw.js) registers once the page has
 * loaded, so its precaching never competes with the page. Registering asks the member nothing:
 * permission for notifications is asked only when they press 'Enable notifications' in Settings.
 */
export const SERVICE_WORKER_URL = "/sw.js";

export const serviceWorkerSupported = () => "serviceWorker" in navigator;

export function registerServiceWorker() {
  // The dev server serves no worker; a worker from a build would cache code the dev server replaces.
  if (import.meta.env.DEV || !serviceWorkerSupported()) return;
  const register = () =>
    void navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .catch((error: unknown) => console.warn("The service worker could not be registered:", error));
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
