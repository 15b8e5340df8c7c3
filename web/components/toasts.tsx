import { useRouterState } from "@tanstack/react-router";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "../lib/theme";
import { usePhone } from "../lib/use-media";

/**
 * Spec §9: top-right, 4000 ms, a close button, the app's theme; colours per kind (richColors).
 * Toasts stay clear of the page header's actions ('Create Project' and the like), which members
 * reach for right after most toasts: on wide screens they start below the header row (its actions
 * sit level with the title, 2.5rem tall, under the 4rem top bar and the page's 2rem padding). On
 * narrow screens they hang just under the 4rem top bar (or the chat's header), over the page's
 * title, leaving the latest messages, the composer and the buttons at the bottom free. A page with
 * nothing in its top corners (`staticData.toasts`, the onboarding card) has them start at the top.
 */
export default function Toasts() {
  const { resolved } = useTheme();
  const phone = usePhone();
  const atTop = useRouterState({ select: ({ matches }) => matches.some((m) => m.staticData.toasts === "top") });
  const top = atTop ? "1rem" : phone ? "4.5rem" : "9.5rem";
  return (
    <Sonner
      position={phone ? "top-center" : "top-right"}
      offset={{ top }}
      mobileOffset={{ top }}
      duration={4000}
      closeButton
      richColors
      theme={resolved}
    />
  );
}
