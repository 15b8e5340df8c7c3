import { useEffect } from "react";
import { notify, preloadToasts } from "./toast";

type NetworkInformation = EventTarget & { effectiveType?: string };
const SLOW_LINKS = new Set(["slow-2g", "2g"]);
/** Long after the first render, so the page's own code is never kept waiting. */
const PRELOAD_AFTER_MS = 3000;

/** Tells the member when the browser loses or regains the network, or reports a slow link. */
export function useConnectivityToasts() {
  useEffect(() => {
    // 'Connection Lost' cannot fetch sonner once the network is gone, so it is fetched beforehand.
    const preload = setTimeout(preloadToasts, PRELOAD_AFTER_MS);
    const offline = () =>
      notify.error("Connection Lost", "You are offline. Changes will not be saved until you reconnect.");
    const online = () => notify.success("Connection Restored", "You are back online.");
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    const change = () => {
      if (connection?.effectiveType && SLOW_LINKS.has(connection.effectiveType)) {
        notify.warning("Slow Connection", "Your network is slow; things may take longer to load.");
      }
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    connection?.addEventListener("change", change);
    return () => {
      clearTimeout(preload);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      connection?.removeEventListener("change", change);
    };
  }, []);
}
