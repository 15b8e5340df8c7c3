import { Moon, Sun } from "lucide-react";
import { useRef, useState, type ComponentProps, type ComponentType } from "react";
import { THEME_LABELS, useTheme } from "../lib/theme";
import { Button } from "./ui/button";

type Menu = ComponentType<{ defaultOpen: boolean; autoFocus: boolean }>;
let loadedMenu: Menu | null = null;

/**
 * The switcher's face: the current scheme's icon, named by the chosen theme. The icon follows the
 * document's class (set before the first paint), so a pre-rendered page shows the right one too.
 */
export function ThemeButton(props: ComponentProps<typeof Button>) {
  const { theme } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[theme]}`} aria-haspopup="menu" {...props}>
      <Sun className="dark:hidden" />
      <Moon className="hidden dark:block" />
    </Button>
  );
}

/**
 * Light, Dark or System. The button shows at once; the menu behind it (Radix, ~30 KB gzip) loads
 * when a visitor points at, focuses or presses it, so the public pages' first load does not carry it.
 */
export function ThemeSwitcher() {
  const [Menu, setMenu] = useState<Menu | null>(() => loadedMenu);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const load = () =>
    void import("./theme-menu").then(({ ThemeMenu }) => {
      loadedMenu = ThemeMenu;
      // The real trigger replaces this one: keep the keyboard where it was.
      setFocusOnLoad(document.activeElement === button.current);
      setMenu(() => ThemeMenu);
    });

  const openWhenLoaded = () => {
    setOpenOnLoad(true);
    load();
  };
  if (Menu) return <Menu defaultOpen={openOnLoad} autoFocus={focusOnLoad} />;
  // Opened on the press, as the real trigger does: the menu pointed at may arrive between the press
  // and its release, replacing this button, and a click begun on one element and ended on another
  // is never fired.
  return (
    <ThemeButton
      ref={button}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => event.button === 0 && openWhenLoaded()}
      onClick={openWhenLoaded}
    />
  );
}
