import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { TextareaField } from "~/components/ui/form-fields";
import { leadReopenSchema } from "~/lib/schemas/leads";

/**
 * Reopen a completed or cancelled lead, with the reason the timeline keeps. It becomes New
 * and nobody's; nobody is texted (the office sends someone when ready).
 */
export function ReopenDialog({
  open,
  onOpenChange,
  lead,
}: DialogOpenProps & { lead: { id: string; displayName: string } }) {
  const close = () => onOpenChange(false);
  const dialog = useDialogForm({
    id: `reopen-${lead.id}`,
    schema: leadReopenSchema,
    onSaved: close,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reopen the lead"
      description={`The lead from ${lead.displayName} becomes New again, with nobody on it. Nobody is texted.`}
    >
      <DialogForm
        dialog={dialog}
        intent="reopen"
        hidden={{ leadId: lead.id }}
        submitLabel="Reopen"
        pendingLabel="Reopening..."
        onCancel={close}
      >
        <TextareaField
          meta={dialog.fields.reason}
          label="Why it is reopened"
          hint="Kept on the lead's timeline."
          rows={2}
        />
      </DialogForm>
    </FormDialog>
  );
}
