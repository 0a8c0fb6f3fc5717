import type { FieldMeta } from "~/components/ui/form-fields";
import { AlertCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { InputField } from "~/components/ui/form-fields";

/** What the server refused, above the form's fields; nothing when there is nothing to say. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <Alert variant="destructive" className={className}>
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/** The account's email, as sign-in, sign-up and Forgot password ask for it. */
export function EmailField({ meta }: { meta: FieldMeta }) {
  return (
    <InputField
      meta={meta}
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
    />
  );
}
