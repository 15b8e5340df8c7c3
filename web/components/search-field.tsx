import { Search } from "lucide-react";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";

/** A search box: the magnifier inside, the words typed handed back as they change. */
export function SearchField({
  value,
  onChange,
  placeholder,
  label,
  className,
  maxLength,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  className?: string;
  maxLength?: number;
  /** Only where the member opened the search on purpose and came to type. */
  autoFocus?: boolean;
}) {
  return (
    <div className={cn("relative", className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
        maxLength={maxLength}
        autoFocus={autoFocus}
      />
    </div>
  );
}
