import { Shuffle } from "lucide-react";
import { LocksmithOptions } from "~/components/admin/choice-options";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { Button } from "~/components/ui/button";
import { InputField, SelectField } from "~/components/ui/form-fields";
import {
  CODE_LENGTH,
  DEFAULT_EXPIRATION_HOURS,
  generateCode,
  MAX_CODE_LENGTH,
  MAX_EXPIRATION_HOURS,
  MIN_EXPIRATION_HOURS,
} from "~/lib/dispatch/dispatch-code";
import { formatPhone } from "~/lib/phone";
import { dispatchCodeCreateSchema } from "~/lib/schemas/dispatch-codes";

interface GenerateCodeDialogProps extends DialogOpenProps {
  /** Open leads: new, assigned or in progress (the model's listOpenLeads). */
  leads: readonly { id: string; displayName: string; phone: string }[];
  /** Active locksmiths only. */
  locksmiths: readonly { id: string; name: string }[];
}

/**
 * Generate Code: a code typed or drawn with the Generate button (Web Crypto, through
 * app/lib/dispatch/dispatch-code.ts), an optional new lead and active locksmith, and how long it
 * lasts. The server upper-cases and validates the code again and refuses one that is taken.
 */
export function GenerateCodeDialog({
  open,
  onOpenChange,
  leads,
  locksmiths,
}: GenerateCodeDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Generate dispatch code"
      description={`Type a code or let Generate draw a random ${CODE_LENGTH}-character one. It starts as New and expires after the hours you choose.`}
    >
      <CodeForm leads={leads} locksmiths={locksmiths} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** Puts a value in a field as if typed: the field's own input handling and checks run. */
function fillIn(fieldId: string, value: string) {
  const input = document.getElementById(fieldId);
  if (!(input instanceof HTMLInputElement)) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function CodeForm({
  leads,
  locksmiths,
  onDone,
}: Omit<GenerateCodeDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const dialog = useDialogForm({
    id: "dispatch-code-new",
    schema: dispatchCodeCreateSchema,
    defaultValue: { expirationHours: String(DEFAULT_EXPIRATION_HOURS) },
    onSaved: onDone,
  });
  const { fields } = dialog;
  return (
    <DialogForm
      dialog={dialog}
      intent="create"
      submitLabel="Create code"
      pendingLabel="Creating..."
      onCancel={onDone}
    >
      <div className="flex items-start gap-2">
        <InputField
          meta={fields.code}
          label="Code"
          // Monospace keeps 0/O and 1/I apart when the code is read out to a locksmith.
          className="flex-1 [&_input]:font-mono [&_input]:tracking-widest"
          hint="Letters A-Z and digits 0-9 only."
          placeholder="e.g. K7Q2ZD"
          maxLength={MAX_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // Upper case as you type (keeping the caret where it was); the server does it too.
          onInput={(event) => {
            const input = event.currentTarget;
            const upper = input.value.toUpperCase();
            if (upper === input.value) return;
            const { selectionStart, selectionEnd } = input;
            input.value = upper;
            input.setSelectionRange(selectionStart, selectionEnd);
          }}
        />
        <Button
          type="button"
          variant="outline"
          className="mt-5"
          onClick={() => fillIn(fields.code.id, generateCode())}
        >
          <Shuffle aria-hidden="true" />
          Generate
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          meta={fields.leadId}
          label="Lead (optional)"
          hint={leads.length === 0 ? "No open leads right now." : "Open leads, newest first."}
        >
          <option value="">No lead</option>
          {leads.map((lead) => (
            <option key={lead.id} value={lead.id}>
              {lead.displayName} · {formatPhone(lead.phone)}
            </option>
          ))}
        </SelectField>
        <SelectField
          meta={fields.locksmithId}
          label="Locksmith (optional)"
          hint="Active locksmiths only."
        >
          <LocksmithOptions locksmiths={locksmiths} none="No locksmith" />
        </SelectField>
      </div>
      <InputField
        meta={fields.expirationHours}
        type="number"
        label="Expires after (hours)"
        min={MIN_EXPIRATION_HOURS}
        max={MAX_EXPIRATION_HOURS}
        step={1}
        hint={`From ${MIN_EXPIRATION_HOURS} to ${MAX_EXPIRATION_HOURS} hours (7 days); ${DEFAULT_EXPIRATION_HOURS} by default.`}
        className="sm:max-w-56"
      />
    </DialogForm>
  );
}
