import { FolderKanban } from "lucide-react";
import { useState } from "react";
import { cn } from "@web/lib/cn";

/** The spec's three stock photos; a project shows one, picked by the last character of its id. */
const PHOTOS = [
  "https://images.unsplash.com/photo-1498050108023-c5249f4df085?auto=format&fit=crop&w=800&q=70",
  "https://images.unsplash.com/photo-1522071820081-009f0129c71c?auto=format&fit=crop&w=800&q=70",
  "https://images.unsplash.com/photo-1551434678-e076c223a692?auto=format&fit=crop&w=800&q=70",
] as const;

const GRADIENTS = [
  "from-indigo-500 via-purple-500 to-pink-500",
  "from-sky-500 via-cyan-500 to-emerald-500",
  "from-amber-500 via-orange-500 to-rose-500",
] as const;

const pick = (id: string) => (id.charCodeAt(id.length - 1) || 0) % PHOTOS.length;

/**
 * The card photo over a local gradient: the gradient is what shows while the photo loads and
 * for good when the stock host cannot be reached, so the page looks finished offline too.
 */
export function ProjectImage({ id, className }: { id: string; className?: string }) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const choice = pick(id);
  return (
    <div className={cn("relative overflow-hidden bg-gradient-to-br", GRADIENTS[choice], className)}>
      <FolderKanban
        className="absolute top-1/2 left-1/2 size-10 -translate-x-1/2 -translate-y-1/2 text-white/70"
        aria-hidden
      />
      {state !== "failed" && (
        <img
          src={PHOTOS[choice]}
          alt=""
          loading="lazy"
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={cn(
            "absolute inset-0 size-full object-cover transition-opacity duration-300",
            state === "loaded" ? "opacity-100" : "opacity-0",
          )}
        />
      )}
    </div>
  );
}
