import { emailLocalPart } from "@core/rules";

/** Spec fallback: profile display name, then the e-mail's local part. */
export function displayNameOf(me: { email: string; profile: { displayName: string | null } | null }) {
  return me.profile?.displayName || emailLocalPart(me.email) || me.email;
}
