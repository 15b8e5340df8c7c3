import { Link } from "@tanstack/react-router";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";

const ICONS = {
  loading: <Loader2 className="size-10 animate-spin text-primary" aria-hidden />,
  success: <CheckCircle2 className="size-10 text-green-600" aria-hidden />,
  error: <XCircle className="size-10 text-destructive" aria-hidden />,
};

/** What a page opened from an e-mailed link shows while it spends the link, and after: what happened, and where next. */
export function LinkOutcomeCard({
  status,
  title,
  children,
}: {
  status: keyof typeof ICONS;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md">
      <div className="flex flex-col items-center gap-4 p-8 text-center">
        {ICONS[status]}
        <h1 className="text-xl font-semibold">{title}</h1>
        {children}
      </div>
    </Card>
  );
}

/** A link that did not work: the way to try again, and the way home. */
export function LinkFailed({ message, retry }: { message: string; retry: ReactNode }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">{message}</p>
      <div className="flex gap-2">
        <Button asChild>{retry}</Button>
        <Button variant="outline" asChild>
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </>
  );
}
