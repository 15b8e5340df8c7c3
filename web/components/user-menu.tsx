import { Link } from "@tanstack/react-router";
import { LayoutDashboard, LogOut, Settings } from "lucide-react";
import { DataProvider } from "../lib/data-provider";
import { displayNameOf, useSignOut } from "../lib/session";
import type { Me } from "../lib/types";
import { AccountButton } from "./account-button";
import { ProBadge } from "./pro-badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

/** The account menu; it signs out through the API, so it brings the query cache on public pages too. */
export function UserMenu({ me }: { me: Me }) {
  return (
    <DataProvider>
      <Menu me={me} />
    </DataProvider>
  );
}

function Menu({ me }: { me: Me }) {
  const signOut = useSignOut();
  const name = displayNameOf(me);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AccountButton me={me} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <div className="flex items-center gap-2 px-2 py-1.5 text-sm font-medium">
          <span className="truncate">{name}</span>
          {me.profile?.isPro && <ProBadge />}
        </div>
        <DropdownMenuItem disabled>{me.email}</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
