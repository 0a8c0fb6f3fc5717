import { Repeat, Send } from "lucide-react";
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
import { SelectField, TextareaField } from "~/components/ui/form-fields";
import { createAssignOrder, type AssignableLocksmith } from "~/lib/dispatch/assign-order";
import { dispatchTextNote, type DispatchResult } from "~/lib/dispatch/dispatch-result";
import type { LeadHolder } from "~/lib/dispatch/holder";
import { randomId } from "~/lib/ids";
import { leadDispatchSchema, leadReassignSchema } from "~/lib/schemas/leads";

/** The lead a dispatch is for, and who has it now (Reassign) or nobody (Dispatch). */
export interface DispatchTarget {
  id: string;
  displayName: string;
  zip: string | null;
  holder: LeadHolder | null;
}

interface DispatchDialogProps extends DialogOpenProps {
  lead: DispatchTarget;
  locksmiths: readonly AssignableLocksmith[];
}

/**
 * Dispatch in one step: choose the locksmith (those covering the lead's ZIP first), and one
 * submit offers them the lead by text (a code and their job page), or assigns it at once
 * when they said yes on the phone. While someone has the lead, the same dialog is Reassign:
 * it says who has it and how far along, and asks why it moves (they are told they are off
 * the job). Then the dialog shows the text to send the locksmith, with Copy.
 */
export function DispatchDialog({ open, onOpenChange, lead, locksmiths }: DispatchDialogProps) {
  const [sent, setSent] = useState<DispatchResult | undefined>();
  // Once sent, the title says what was done: the page has reloaded, and the lead's holder
  // is now the locksmith just sent.
  const reassigning = lead.holder !== null;
  const verb = sent?.reassigned
    ? "Reassigned"
    : sent?.textStatus === "phone"
      ? "Assigned"
      : "Dispatched";
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        sent
          ? `${verb} to ${sent.locksmithName}`
          : reassigning
            ? "Reassign the lead"
            : "Dispatch a locksmith"
      }
      description={
        sent
          ? dispatchTextNote(sent)
          : reassigning
            ? `${lead.holder!.description}. They are taken off the job and told so; the locksmith you choose is offered it.`
            : `For the lead from ${lead.displayName}${lead.zip ? ` in ${lead.zip}` : ""}: offers it to the locksmith by text, with a dispatch code, and makes it In Progress.`
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
  const holder = lead.holder;
  // One token per opening: a double click is one dispatch.
  const requestId = useMemo(randomId, []);
  // Reassign offers everyone but the one who has it.
  const choices = useMemo(
    () => locksmiths.filter((locksmith) => locksmith.id !== holder?.locksmithId),
    [locksmiths, holder],
  );
  const groups = useMemo(() => createAssignOrder(choices)(lead.zip), [choices, lead.zip]);
  const dialog = useDialogForm({
    id: `dispatch-${lead.id}`,
    schema: holder ? leadReassignSchema : leadDispatchSchema,
    defaultValue: { locksmithId: groups.covering[0]?.id ?? "" },
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
      intent={holder ? "reassign" : "dispatch"}
      hidden={{
        leadId: lead.id,
        requestId,
        ...(holder ? { fromAssignmentId: holder.assignmentId } : {}),
      }}
      submitLabel={holder ? "Reassign" : "Dispatch"}
      pendingLabel={holder ? "Reassigning..." : "Dispatching..."}
      onCancel={onCancel}
    >
      <SelectField
        meta={dialog.fields.locksmithId}
        label={holder ? "Give it to" : "Locksmith"}
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
      {holder && (
        <TextareaField
          meta={dialog.fields.reason}
          label="Why it moves"
          hint="Kept on the lead's timeline."
          rows={2}
        />
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="by" value="phone" className="mt-0.5 size-4 accent-brand-700" />
        <span>
          They said yes on the phone: assign it to them now, without texting them the offer
        </span>
      </label>
    </DialogForm>
  );
}

/** The button that opens the dispatch dialog: Dispatch, or Reassign while someone has it. */
export function DispatchButton({
  onClick,
  label,
  reassign = false,
  size = "default",
}: {
  onClick: () => void;
  label: string;
  reassign?: boolean;
  size?: "default" | "sm";
}) {
  return (
    <Button type="button" size={size} variant={reassign ? "outline" : "default"} onClick={onClick}>
      {reassign ? <Repeat aria-hidden="true" /> : <Send aria-hidden="true" />}
      {reassign ? "Reassign" : "Dispatch"}
      <span className="sr-only"> {label}</span>
    </Button>
  );
}
