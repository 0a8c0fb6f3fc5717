import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";

/** A form's own error (conform's form.errors), announced when it appears. */
export function FormErrorMessage({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

interface FormDialogFooterProps {
  onCancel: () => void;
  /** While the form is being sent: the button is disabled and says `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}

/** Cancel, and the dialog's submit button. */
export function FormDialogFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
