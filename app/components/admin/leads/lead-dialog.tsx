import { useState } from "react";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { SelectField } from "~/components/ui/form-fields";
import { randomId } from "~/lib/ids";
import { leadCreateSchema } from "~/lib/schemas/leads";
import { DispatchDialog, type DispatchTarget } from "./dispatch-dialog";
import { LeadFields } from "./lead-fields";

/**
 * Add Lead: a call the operator takes down by hand (its source is "manual"), with the
 * caller's agreement to texts. Once saved, the same dialog offers Dispatch for the new lead
 * (Cancel leaves it New). A phone with an open lead opens that lead instead (the action
 * answers with a redirect and says so).
 */
export function LeadDialog({
  open,
  onOpenChange,
  sourceNames = [],
}: DialogOpenProps & { sourceNames?: readonly string[] }) {
  const [added, setAdded] = useState<DispatchTarget | undefined>();
  if (added) {
    return (
      <DispatchDialog
        open={open}
        onOpenChange={onOpenChange}
        lead={added}
        leadIn="Lead added. Send a locksmith now, or Cancel to leave it New."
      />
    );
  }
  return (
    <AddLeadForm
      open={open}
      onOpenChange={onOpenChange}
      onAdded={setAdded}
      sourceNames={sourceNames}
    />
  );
}

function AddLeadForm({
  open,
  onOpenChange,
  onAdded,
  sourceNames,
}: DialogOpenProps & {
  onAdded: (lead: DispatchTarget) => void;
  sourceNames: readonly string[];
}) {
  const close = () => onOpenChange(false);
  // One token per opening: a double click adds one lead.
  const [requestId] = useState(randomId);
  const dialog = useDialogForm({
    id: "lead-new",
    schema: leadCreateSchema,
    onSaved: () => {
      const lead = dialog.fetcher.data?.data as DispatchTarget | undefined;
      if (lead) onAdded(lead);
      else close();
    },
  });
  const { fields } = dialog;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add lead"
      description="A new lead starts as New; once it is saved you can dispatch a locksmith from here. A phone that has an open lead opens that lead instead."
    >
      <DialogForm
        dialog={dialog}
        intent="create"
        hidden={{ requestId }}
        submitLabel="Add lead"
        onCancel={close}
      >
        <LeadFields fields={fields} optional />
        {/* Side by side from 640 px: the dialog keeps its height, its buttons where they were. */}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <SelectField meta={fields.sourceName} label="Source (if they said)">
            <option value="">Not known</option>
            {sourceNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.textConsent.name}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>
              Customer agreed to texts
              <span className="block text-muted-foreground">
                Updates about this request, and a review link once the job is done. Ask them first.
              </span>
            </span>
          </label>
        </div>
      </DialogForm>
    </FormDialog>
  );
}
