import { Monitor, Moon, Sun } from "lucide-react";
import { THEME_LABELS, THEMES, useTheme, type Theme } from "../lib/theme";
import { ThemeButton } from "./theme-switcher";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

const ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/** Light, Dark, System, the chosen one checked: the switcher's menu, and a part of another menu. */
export function ThemeChoices({ label }: { label?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenuRadioGroup
      aria-label={label}
      value={theme}
      onValueChange={(value) => isTheme(value) && setTheme(value)}
    >
      {THEMES.map((value) => {
        const Icon = ICONS[value];
        return (
          <DropdownMenuRadioItem key={value} value={value}>
            <Icon aria-hidden /> {THEME_LABELS[value]}
          </DropdownMenuRadioItem>
        );
      })}
    </DropdownMenuRadioGroup>
  );
}

/** The theme switcher's menu: Light, Dark, System. */
export function ThemeMenu({ defaultOpen, autoFocus }: { defaultOpen: boolean; autoFocus: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeButton autoFocus={autoFocus} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" narrow>
        <ThemeChoices />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
