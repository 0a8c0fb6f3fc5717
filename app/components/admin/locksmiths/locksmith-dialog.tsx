import { DialogForm, FormDialog, useRecordDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { InputField, PhoneField } from "~/components/ui/form-fields";
import { formatPhone } from "~/lib/phone";
import { DEFAULT_CUT_PERCENT, MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "~/lib/money/job-split";
import { locksmithCreateSchema, locksmithUpdateSchema } from "~/lib/schemas/locksmiths";

/** What the dialog edits: a locksmith as the list shows it. */
export interface LocksmithDraft {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  assignedZips: string[];
  paymentMethod: string | null;
  defaultCutPercent: number;
  licenseNumber: string | null;
  licenseExpiresOn: string | null;
}

interface LocksmithDialogProps extends DialogOpenProps {
  /** The locksmith to edit; undefined to add one. */
  locksmith?: LocksmithDraft;
}

/**
 * Add or edit a locksmith. Active/Inactive is not here: it is toggled from the list's
 * status badge, and a new locksmith starts active.
 */
export function LocksmithDialog({ open, onOpenChange, locksmith }: LocksmithDialogProps) {
  const dialog = useRecordDialogForm({
    name: "locksmith",
    recordId: locksmith?.id,
    schemas: { create: locksmithCreateSchema, update: locksmithUpdateSchema },
    defaultValue: locksmith
      ? {
          name: locksmith.name,
          // Stored E.164, typed and read the way it is shown: (312) 555-0147.
          phone: formatPhone(locksmith.phone),
          email: locksmith.email ?? "",
          // Typed back the way the form reads them: comma-separated.
          assignedZips: locksmith.assignedZips.join(", "),
          paymentMethod: locksmith.paymentMethod ?? "",
          defaultCutPercent: String(locksmith.defaultCutPercent),
          licenseNumber: locksmith.licenseNumber ?? "",
          licenseExpiresOn: locksmith.licenseExpiresOn ?? "",
        }
      : { defaultCutPercent: String(DEFAULT_CUT_PERCENT) },
    onOpenChange,
  });
  const { fields } = dialog;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialog.editing ? "Edit locksmith" : "Add locksmith"}
      description="Leads in the ZIP codes listed here suggest this locksmith first."
    >
      <DialogForm
        dialog={dialog}
        {...dialog.record}
        submitLabel={dialog.editing ? "Save changes" : "Add locksmith"}
      >
        <InputField meta={fields.name} label="Name" autoComplete="off" />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <PhoneField meta={fields.phone} />
          <InputField
            meta={fields.email}
            label="Email (optional)"
            type="email"
            autoComplete="off"
          />
        </div>
        <InputField
          meta={fields.assignedZips}
          label="ZIP codes served"
          hint="Comma-separated, e.g. 60453, 60455, 60456"
          inputMode="numeric"
          autoComplete="off"
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <InputField
            meta={fields.defaultCutPercent}
            label="Default cut %"
            type="number"
            min={MIN_CUT_PERCENT}
            max={MAX_CUT_PERCENT}
            step={1}
            hint="The locksmith's share of a job's price"
            className="tabular-nums"
          />
          <InputField
            meta={fields.paymentMethod}
            label="Payment method (optional)"
            hint="How they are paid, e.g. Zelle, check"
            autoComplete="off"
          />
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <InputField
            meta={fields.licenseNumber}
            label="License number (optional)"
            hint="Their own Illinois locksmith license"
            autoComplete="off"
          />
          <InputField
            meta={fields.licenseExpiresOn}
            label="License expires (optional)"
            type="date"
            hint="The office is warned 30 days before"
          />
        </div>
      </DialogForm>
    </FormDialog>
  );
}
