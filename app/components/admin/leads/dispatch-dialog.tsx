import { Send } from "lucide-react";
import { useMemo, useState } from "react";
import { CopyText } from "~/components/admin/copy-text";
import {
  DialogForm,
  FormDialog,
  useDialogForm,
  type DialogOpenProps,
} from "~/components/admin/form-dialog";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { SelectField } from "~/components/ui/form-fields";
import { createAssignOrder, type AssignableLocksmith } from "~/lib/dispatch/assign-order";
import { dispatchTextNote, type DispatchResult } from "~/lib/dispatch/dispatch-result";
import { randomId } from "~/lib/ids";
import { leadDispatchSchema } from "~/lib/schemas/leads";

/** The lead a dispatch is for. */
export interface DispatchTarget {
  id: string;
  displayName: string;
  zip: string | null;
  assignedLocksmithId: string | null;
}

interface DispatchDialogProps extends DialogOpenProps {
  lead: DispatchTarget;
  locksmiths: readonly AssignableLocksmith[];
}

/**
 * Dispatch in one step: choose the locksmith (those covering the lead's ZIP first), and one
 * submit assigns the lead, moves it to In Progress and makes a dispatch code for the pair.
 * Then the dialog shows the text to send the locksmith, with Copy.
 */
export function DispatchDialog({ open, onOpenChange, lead, locksmiths }: DispatchDialogProps) {
  const [sent, setSent] = useState<DispatchResult | undefined>();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={sent ? `Dispatched ${sent.locksmithName}` : "Dispatch a locksmith"}
      description={
        sent
          ? dispatchTextNote(sent)
          : `For the lead from ${lead.displayName}${lead.zip ? ` in ${lead.zip}` : ""}: assigns the lead, makes it In Progress and makes a dispatch code.`
      }
    >
      {sent ? (
        <>
          <CopyText label="Text for the locksmith" text={sent.text} />
          <DialogFooter>
            <Button type="button" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </DialogFooter>
        </>
      ) : (
        <DispatchForm
          lead={lead}
          locksmiths={locksmiths}
          onSent={setSent}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

function DispatchForm({
  lead,
  locksmiths,
  onSent,
  onCancel,
}: {
  lead: DispatchTarget;
  locksmiths: readonly AssignableLocksmith[];
  onSent: (result: DispatchResult) => void;
  onCancel: () => void;
}) {
  // One token per opening: a double click is one dispatch.
  const requestId = useMemo(randomId, []);
  const groups = useMemo(() => createAssignOrder(locksmiths)(lead.zip), [locksmiths, lead.zip]);
  const dialog = useDialogForm({
    id: `dispatch-${lead.id}`,
    schema: leadDispatchSchema,
    // The locksmith already on the lead, if still active; else the first covering its ZIP.
    defaultValue: {
      locksmithId:
        (locksmiths.some((l) => l.id === lead.assignedLocksmithId) && lead.assignedLocksmithId) ||
        groups.covering[0]?.id ||
        "",
    },
    onSaved: () => {
      const result = dialog.fetcher.data?.data as DispatchResult | undefined;
      if (result) onSent(result);
    },
  });
  const option = (locksmith: AssignableLocksmith) => (
    <option key={locksmith.id} value={locksmith.id}>
      {locksmith.name}
    </option>
  );
  return (
    <DialogForm
      dialog={dialog}
      intent="dispatch"
      hidden={{ leadId: lead.id, requestId }}
      submitLabel="Dispatch"
      pendingLabel="Dispatching..."
      onCancel={onCancel}
    >
      <SelectField
        meta={dialog.fields.locksmithId}
        label="Locksmith"
        hint={
          groups.zip
            ? `${groups.covering.length} active locksmith${groups.covering.length === 1 ? "" : "s"} cover ${groups.zip}.`
            : "The lead has no ZIP: every active locksmith, by name."
        }
      >
        <option value="">Choose a locksmith</option>
        {groups.covering.length > 0 ? (
          <>
            <optgroup label={`Covers ${groups.zip}`}>{groups.covering.map(option)}</optgroup>
            {groups.others.length > 0 && (
              <optgroup label="Other locksmiths">{groups.others.map(option)}</optgroup>
            )}
          </>
        ) : (
          groups.others.map(option)
        )}
      </SelectField>
    </DialogForm>
  );
}

/** The button that opens the dispatch dialog. */
export function DispatchButton({
  onClick,
  label,
  size = "default",
}: {
  onClick: () => void;
  label: string;
  size?: "default" | "sm";
}) {
  return (
    <Button type="button" size={size} onClick={onClick}>
      <Send aria-hidden="true" />
      Dispatch<span className="sr-only"> {label}</span>
    </Button>
  );
}
