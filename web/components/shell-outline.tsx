import { Brand } from "./brand";

/**
 * The signed-in layout's frame while the session check is still out: the top bar, the sidebar and
 * the bottom bar where they will be, so the first load shows the app taking shape rather than a
 * bare page of text. The status line is the spec's 'Loading...'.
 */
export function ShellOutline() {
  return (
    <div className="min-h-screen">
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b bg-background">
        <div className="mx-auto flex h-full max-w-7xl items-center px-4">
          <Brand />
        </div>
      </header>
      <div className="fixed bottom-0 left-0 top-16 hidden w-16 flex-col gap-1 border-r p-2 md:flex" aria-hidden>
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className="h-11 animate-pulse rounded-md bg-muted" />
        ))}
      </div>
      <main className="px-4 pb-16 pt-24 md:pl-20">
        <div className="mx-auto grid max-w-7xl gap-4">
          <p role="status" className="text-muted-foreground">
            Loading...
          </p>
          <span className="h-9 w-56 animate-pulse rounded-md bg-muted" aria-hidden />
          <span className="h-40 animate-pulse rounded-xl bg-muted" aria-hidden />
        </div>
      </main>
      <div className="fixed inset-x-0 bottom-0 h-16 border-t bg-background md:hidden" aria-hidden />
    </div>
  );
}
