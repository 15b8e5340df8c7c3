import type { ComponentProps } from "react";
import { displayNameOf } from "../lib/display-name";
import type { Me } from "../lib/types";
import { Avatar } from "./avatar";
import { ProBadge } from "./pro-badge";
import { Button } from "./ui/button";

/** The account menu's face: avatar and display name. Also shown while the menu's code loads. */
export function AccountButton({ me, ...props }: { me: Me } & ComponentProps<typeof Button>) {
  const name = displayNameOf(me);
  return (
    <Button variant="ghost" size={null} className="h-11 px-2 py-2 text-sm md:h-10" aria-label="Account menu" {...props}>
      <Avatar name={name} url={me.profile?.avatarUrl ?? null} className="size-8" />
      <span className="hidden max-w-40 truncate sm:inline">{name}</span>
      {me.profile?.isPro && <ProBadge className="max-sm:hidden" />}
    </Button>
  );
}
