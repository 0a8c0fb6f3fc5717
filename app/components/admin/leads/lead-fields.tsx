import type { FieldMeta } from "~/components/ui/form-fields";
import { ServiceTypeOptions } from "~/components/admin/choice-options";
import { InputField, PhoneField, SelectField, TextareaField } from "~/components/ui/form-fields";

type LeadFieldName = "name" | "phone" | "serviceType" | "zip" | "address" | "details";

/**
 * What an operator types about a lead, in one order everywhere: the Add Lead dialog and
 * the lead page's Details. `optional` marks the fields a new lead may leave empty.
 */
export function LeadFields({
  fields,
  optional = false,
}: {
  fields: Record<LeadFieldName, FieldMeta>;
  optional?: boolean;
}) {
  const maybe = (label: string) => (optional ? `${label} (optional)` : label);
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <InputField meta={fields.name} label="Name" autoComplete="off" />
        <PhoneField meta={fields.phone} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField meta={fields.serviceType} label="Service type">
          <ServiceTypeOptions choose="Choose a service" />
        </SelectField>
        <InputField
          meta={fields.zip}
          label={maybe("ZIP")}
          placeholder={optional ? "60601" : undefined}
          hint={optional ? "As the caller said it" : undefined}
          autoComplete="off"
          // A new lead's ZIP is free text ("60601-1234"); the lead page's is the five digits.
          inputMode={optional ? undefined : "numeric"}
        />
      </div>
      <InputField
        meta={fields.address}
        label={maybe("Service address")}
        hint="Street and unit, or cross streets"
        autoComplete="off"
      />
      <TextareaField
        meta={fields.details}
        label={maybe("Notes")}
        rows={3}
        placeholder={
          optional ? "Locked out of a 2015 Honda Civic at the Orland Square mall" : undefined
        }
      />
    </>
  );
}
