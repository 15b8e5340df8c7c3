import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";

/** The mark beside the name, wherever the brand shows. */
export function BrandMark() {
  return (
    <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
      <Users className="size-4" aria-hidden />
    </span>
  );
}

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <BrandMark />
      Crewboard
    </Link>
  );
}

/** For pages outside both layouts (the e-mail link's page, the 404): the brand, leading home. */
export function BrandHeader() {
  return (
    <header className="mx-auto flex h-16 w-full max-w-7xl shrink-0 items-center px-4">
      <Brand />
    </header>
  );
}
