import { Plus } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../ui/button";

/** The Create Project button every page that offers it shows, as a dialog's trigger or while its code loads. */
export function CreateProjectButton(props: ComponentProps<typeof Button>) {
  return (
    <Button {...props}>
      <Plus aria-hidden />
      Create Project
    </Button>
  );
}
