import { AccountDelete } from "./account-delete";
import { AccountExport } from "./account-export";
import { AccountSessions } from "./account-sessions";
import { SignInCard } from "./sign-in-card";

/** Settings → Account and security: how the member signs in, their devices, their data, and leaving. */
export function AccountSecurity() {
  return (
    <section aria-labelledby="account-security" className="grid gap-6">
      <h2 id="account-security" className="text-xl font-semibold">
        Account and security
      </h2>
      <SignInCard />
      <AccountSessions />
      <AccountExport />
      <AccountDelete />
    </section>
  );
}
