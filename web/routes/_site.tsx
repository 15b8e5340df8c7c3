import { createFileRoute, Outlet } from "@tanstack/react-router";
import { Footer } from "../components/footer";
import { TopBar } from "../components/top-bar";

/** The public site's frame: top bar and footer around the landing and static pages. */
export const Route = createFileRoute("/_site")({
  component: () => (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <Footer />
    </div>
  ),
});
