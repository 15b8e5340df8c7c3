import { useSyncExternalStore } from "react";

/** Below `md`: phones and small tablets, where signed-in pages have a bar along the bottom. */
const phoneQuery = () => window.matchMedia("(max-width: 767px)");

export function usePhone() {
  return useSyncExternalStore(
    (listener) => {
      const query = phoneQuery();
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => phoneQuery().matches,
    () => false,
  );
}
