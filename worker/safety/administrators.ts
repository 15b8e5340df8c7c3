import type { User } from "lucia";
import type { Config } from "../config";

/**
 * Administrators are the members whose verified address is listed in `ADMIN_EMAILS`. Verified: an
 * address anyone can sign up with before its owner does proves nothing until its link is opened.
 */
export const isAdministrator = (config: Config, user: User | null): user is User =>
  user !== null && user.emailVerifiedAt !== null && config.adminEmails.includes(user.email);
