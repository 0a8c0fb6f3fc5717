import {
  DialogForm,
  FormDialog,
  useDialogForm,
  type DialogOpenProps,
} from "~/components/admin/form-dialog";
import { leadCreateSchema } from "~/lib/schemas/leads";
import { LeadFields } from "./lead-fields";

/** Add Lead: a call the operator takes down by hand (its source is "manual"). */
export function LeadDialog({ open, onOpenChange }: DialogOpenProps) {
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
        <LeadFields fields={fields} optional />
      </DialogForm>
    </FormDialog>
  );
}
