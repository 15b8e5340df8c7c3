import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Brand } from "@web/components/brand";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";

/** The frame of the sign-in pages: a way back, the brand, and one card. */
export function AuthCard({
  title,
  description,
  back = { to: "/", label: "Back to Home" },
  children,
}: {
  title: string;
  description: ReactNode;
  back?: { to: "/" | "/auth"; label: string };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-br from-primary/10 via-background to-background p-4">
      <div className="flex w-full max-w-md items-center justify-between">
        <Button variant="ghost" asChild className="-ml-3">
          <Link to={back.to}>
            <ArrowLeft /> {back.label}
          </Link>
        </Button>
        <Brand />
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </main>
  );
}
