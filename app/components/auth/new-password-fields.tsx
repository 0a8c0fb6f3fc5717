import type { FieldMeta } from "~/components/ui/form-fields";
import { InputField } from "~/components/ui/form-fields";
import { PASSWORD_HINT } from "~/lib/ui-text-profile";

interface NewPasswordFieldsProps {
  fields: { newPassword: FieldMeta; confirmPassword: FieldMeta };
}

/** A new password typed twice, with the rule it must meet: Profile's change and a reset. */
export function NewPasswordFields({ fields }: NewPasswordFieldsProps) {
  return (
    <>
      <InputField
        meta={fields.newPassword}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <InputField
        meta={fields.confirmPassword}
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
