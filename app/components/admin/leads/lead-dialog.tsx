import { ServiceTypeOptions } from "~/components/admin/choice-options";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { InputField, PhoneField, SelectField, TextareaField } from "~/components/ui/form-fields";
import { leadCreateSchema } from "~/lib/schemas/leads";

interface LeadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add Lead: a call the operator takes down by hand (its source is "manual"). */
export function LeadDialog({ open, onOpenChange }: LeadDialogProps) {
  const close = () => onOpenChange(false);
  const dialog = useDialogForm({ id: "lead-new", schema: leadCreateSchema, onSaved: close });
  const { fields } = dialog;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add lead"
      description="A new lead starts as New; assign a locksmith from the list once it is saved."
    >
      <DialogForm dialog={dialog} intent="create" submitLabel="Add lead" onCancel={close}>
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
            label="ZIP (optional)"
            placeholder="60601"
            hint="As the caller said it"
            autoComplete="off"
          />
        </div>
        <TextareaField
          meta={fields.details}
          label="Notes (optional)"
          rows={3}
          placeholder="Locked out of a 2015 Honda Civic at the Orland Square mall"
        />
      </DialogForm>
    </FormDialog>
  );
}
