import { RotateCcw } from "lucide-react";
import {
  DialogForm,
  FormDialog,
  useDialogForm,
  type DialogOpenProps,
} from "~/components/admin/form-dialog";
import { Button } from "~/components/ui/button";
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

export function ReopenButton({
  onClick,
  label,
  size = "default",
}: {
  onClick: () => void;
  label: string;
  size?: "default" | "sm";
}) {
  return (
    <Button type="button" size={size} variant="outline" onClick={onClick}>
      <RotateCcw aria-hidden="true" />
      Reopen<span className="sr-only"> {label}</span>
    </Button>
  );
}
