import { MAX_EMAIL_LENGTH } from "@core/rules";
import { Field } from "./profile-fields";
import { Input } from "./ui/input";

/** An e-mail address as every form asks for it: the browser's own checks, autofill, the same limit. */
export function EmailField({ id, label = "Email", name = "email" }: { id: string; label?: string; name?: string }) {
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        name={name}
        type="email"
        autoComplete="email"
        required
        maxLength={MAX_EMAIL_LENGTH}
        placeholder="you@example.com"
      />
    </Field>
  );
}
