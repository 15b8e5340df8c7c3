import { Bell } from "lucide-react";
import { lazy, Suspense } from "react";
import type { Me } from "../lib/types";
import { AccountButton } from "./account-button";
import { Button } from "./ui/button";

const UserMenu = lazy(() => import("./user-menu").then(({ UserMenu }) => ({ default: UserMenu })));
const NotificationBell = lazy(() =>
  import("./notifications/notification-bell").then(({ NotificationBell }) => ({ default: NotificationBell })),
);

/** The top bar's part for a member: the bell and the account menu, each shown disabled while its code loads. */
export function MemberActions({ me }: { me: Me }) {
  return (
    <>
      <Suspense
        fallback={
          <Button variant="ghost" size="icon" aria-label="Notifications" disabled>
            <Bell className="size-5" aria-hidden />
          </Button>
        }
      >
        <NotificationBell />
      </Suspense>
      <Suspense fallback={<AccountButton me={me} disabled />}>
        <UserMenu me={me} />
      </Suspense>
    </>
  );
}
