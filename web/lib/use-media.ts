import { useSyncExternalStore } from "react";

/** Whether the screen matches `query` now, following it as the window changes. */
export function useMedia(query: string) {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below `md`: phones and small tablets, where signed-in pages have a bar along the bottom. */
export const usePhone = () => useMedia("(max-width: 767px)");

/** From `lg` up: room for the member's chats beside the open one. */
export const useWideScreen = () => useMedia("(min-width: 1024px)");

/** Below `sm`: a chat's header has no room for the theme switcher. */
export const useNarrowScreen = () => useMedia("(max-width: 639px)");
