import { createRootRoute, HeadContent, Link, Outlet, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { Toaster } from "../components/toaster";
import { Button } from "../components/ui/button";
import { useConnectivityToasts } from "../lib/connectivity";
import { defaultHead, pageHead } from "../lib/head";

export const Route = createRootRoute({
  head: defaultHead,
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  useConnectivityToasts();
  return (
    <>
      <HeadContent />
      <Outlet />
      <Toaster />
    </>
  );
}

function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  useEffect(() => {
    const { meta } = pageHead("Page not found")();
    document.title = meta[0]!.title!;
  }, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gradient-to-b from-primary/10 via-background to-background p-6 text-center">
      <p className="text-8xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-md text-muted-foreground">
        The page <code className="break-all rounded bg-muted px-1.5 py-0.5 text-sm text-foreground">{pathname}</code>{" "}
        does not exist or has moved.
      </p>
      <div className="mt-2 flex gap-3">
        <Button asChild>
          <Link to="/">Return to Home</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/help-center">Help Center</Link>
        </Button>
      </div>
    </main>
  );
}
