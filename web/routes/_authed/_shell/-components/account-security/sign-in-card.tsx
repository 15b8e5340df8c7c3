import { Loader2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Alert } from "@web/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { errorMessage, trpc } from "@web/lib/trpc";
import { ChangeEmail } from "./change-email";
import { ChangePassword } from "./change-password";
import { ConnectedSignIn } from "./connected-sign-in";

/** How the member signs in: the address, the password and Google sign-in. */
export function SignInCard() {
  const overview = trpc.credentials.overview.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in</CardTitle>
        <CardDescription>How you sign in to Crewboard.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {overview.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading...
          </p>
        )}
        {overview.isError && <Alert>{errorMessage(overview.error)}</Alert>}
        {overview.data && (
          <>
            <ChangeEmail overview={overview.data} />
            <ChangePassword hasPassword={overview.data.hasPassword} />
            <ConnectedSignIn overview={overview.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One part of the card, set apart from the one before. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4 border-t pt-6 first:border-t-0 first:pt-0">
      <div className="grid gap-1">
        <h4 id={id} className="font-semibold">
          {title}
        </h4>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
