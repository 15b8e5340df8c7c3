import { Link } from "@tanstack/react-router";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { useMe } from "../lib/session";
import { Brand } from "./brand";
import { ThemeSwitcher } from "./theme-switcher";
import { Button } from "./ui/button";
import { UserMenu } from "./user-menu";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/pricing", label: "Pricing" },
] as const;

export function TopBar() {
  const me = useMe();
  const [mobileOpen, setMobileOpen] = useState(false);
  const guestActions = (
    <>
      <Button variant="ghost" asChild>
        <Link to="/auth" search={{ reset: true }}>
          Sign In
        </Link>
      </Button>
      <Button asChild>
        <Link to="/auth" search={{ reset: true }}>
          Get Started
        </Link>
      </Button>
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              activeOptions={{ exact: true }}
              className="rounded-md px-3 py-2 text-sm text-muted-foreground hover:text-foreground data-[status=active]:text-foreground"
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeSwitcher />
          {me ? <UserMenu me={me} /> : me === null && <div className="hidden gap-2 md:flex">{guestActions}</div>}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X /> : <Menu />}
          </Button>
        </div>
      </div>
      {mobileOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-b bg-background px-4 py-3 shadow-md md:hidden">
          <div className="flex flex-col gap-1">
            {LINKS.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                onClick={() => setMobileOpen(false)}
                className="rounded-md px-3 py-2 text-sm hover:bg-accent"
              >
                {link.label}
              </Link>
            ))}
            {me === null && <div className="mt-2 flex gap-2">{guestActions}</div>}
          </div>
        </nav>
      )}
    </header>
  );
}
