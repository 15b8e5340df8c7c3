import { AccountDelete } from "./account-delete";
import { AccountExport } from "./account-export";
import { AccountSessions } from "./account-sessions";

/** Settings → Account and security: the member's devices, their data, and leaving. */
export function AccountSecurity() {
  return (
    <section aria-labelledby="account-security" className="mt-10 grid gap-6">
      <h2 id="account-security" className="text-xl font-semibold">
        Account and security
      </h2>
      <AccountSessions />
      <AccountExport />
      <AccountDelete />
    </section>
  );
}
