import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

const STORAGE_KEY = "theme";
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

function storedTheme(): Theme {
  const value = localStorage.getItem(STORAGE_KEY);
  return THEMES.includes(value as Theme) ? (value as Theme) : "system";
}

const resolve = (theme: Theme) => (theme === "system" ? (darkQuery().matches ? "dark" : "light") : theme);

/** The document's class and color scheme; index.html's script set them before the first paint. */
function apply(theme: Theme) {
  const resolved = resolve(theme);
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = () => listeners.forEach((listener) => listener());

const ThemeContext = createContext<{ theme: Theme; resolved: "light" | "dark"; setTheme: (t: Theme) => void } | null>(
  null,
);

/**
 * The chosen theme lives in localStorage. A page the build rendered knows no visitor's choice, so
 * it was rendered as "system" in light: the app starts from the same values (the server snapshots)
 * and moves to the stored ones right after, so taking over that page never mismatches it.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, storedTheme, () => "system" as const);
  const resolved = useSyncExternalStore(
    subscribe,
    () => resolve(storedTheme()),
    () => "light" as const,
  );

  useEffect(() => {
    if (theme !== "system") return;
    // In System mode the page follows the device live, e.g. when it switches at sunset.
    const query = darkQuery();
    const onChange = () => {
      apply("system");
      changed();
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [theme]);

  const setTheme = (next: Theme) => {
    localStorage.setItem(STORAGE_KEY, next);
    apply(next);
    changed();
  };
  return <ThemeContext.Provider value={{ theme, resolved, setTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside ThemeProvider");
  return context;
}
