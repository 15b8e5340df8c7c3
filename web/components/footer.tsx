import { Link } from "@tanstack/react-router";

export function Footer() {
  return (
    <footer className="border-t py-8 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 sm:flex-row">
        <p>© 2025 Crewboard. All rights reserved.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          <Link to="/how-it-works" className="hover:text-foreground">How it works</Link>
          <Link to="/help-center" className="hover:text-foreground">Help Center</Link>
          <Link to="/contact" className="hover:text-foreground">Contact</Link>
          <Link to="/privacy-policy" className="hover:text-foreground">Privacy</Link>
          <Link to="/terms" className="hover:text-foreground">Terms</Link>
        </nav>
      </div>
    </footer>
  );
}
