import { useNavigate, useRouter } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { Button } from "./ui/button";

/** Back where the member came from; a link opened on its own goes to `fallback`. */
export function BackButton({ fallback }: { fallback: "/all-projects" | "/friends" }) {
  const router = useRouter();
  const navigate = useNavigate();
  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: fallback });
  };
  return (
    <Button variant="ghost" size="sm" className="-ml-3 mb-4 w-fit" onClick={back}>
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}
