/**
 * This browser's side of Web Push: whether it can, what the member allowed, and its subscription
 * through the service worker (web/lib/service-worker.ts). Nothing here runs until asked: the
 * permission prompt comes only from `subscribeThisBrowser`, which only a press of 'Enable
 * notifications' calls.
 */
import { SERVICE_WORKER_URL, serviceWorkerSupported } from "./service-worker";

export type PushPermission = NotificationPermission | "unsupported";

export const pushSupported = () => serviceWorkerSupported() && "PushManager" in window && "Notification" in window;

export const pushPermission = (): PushPermission => (pushSupported() ? Notification.permission : "unsupported");

/** This browser's subscription, if it has one (whoever made it). */
export async function currentSubscription() {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

export class PermissionRefused extends Error {
  constructor() {
    super("Notifications are blocked for Crewboard in this browser.");
  }
}

/**
 * Asks the member (the browser's own prompt, unless they answered it already), then subscribes
 * this browser at its push service for the server's key. A subscription made for another key (the
 * server's keys changed) is replaced. Returns what the server stores.
 */
export async function subscribeThisBrowser(serverKey: string) {
  if ((await Notification.requestPermission()) !== "granted") throw new PermissionRefused();
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const key = fromBase64Url(serverKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint!, keys: { p256dh: keys!.p256dh!, auth: keys!.auth! } };
}
