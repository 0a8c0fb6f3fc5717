import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Shuffle } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { FormDialogFooter, FormErrorMessage } from "~/components/admin/form-dialog-parts";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { InputField, SelectField } from "~/components/ui/form-fields";
import { dispatchCodeFormSchema } from "~/lib/business-schemas";
import {
  CODE_LENGTH,
  DEFAULT_EXPIRATION_HOURS,
  generateCode,
  MAX_CODE_LENGTH,
  MAX_EXPIRATION_HOURS,
  MIN_EXPIRATION_HOURS,
} from "~/lib/dispatch-code";

interface GenerateCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Leads still `new` (the model's listNewLeads). */
  leads: readonly { id: string; displayName: string; phone: string }[];
  /** Active locksmiths only. */
  locksmiths: readonly { id: string; name: string }[];
}

type ActionResult = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

/**
 * Generate Code: a code typed or drawn with the Generate button (Web Crypto, through
 * app/lib/dispatch-code.ts), an optional new lead and active locksmith, and how long it
 * lasts. The server upper-cases and validates the code again and refuses one that is taken.
 */
export function GenerateCodeDialog({
  open,
  onOpenChange,
  leads,
  locksmiths,
}: GenerateCodeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate dispatch code</DialogTitle>
          <DialogDescription>
            Type a code or let Generate draw a random {CODE_LENGTH}-character one. It starts as New
            and expires after the hours you choose.
          </DialogDescription>
        </DialogHeader>
        <CodeForm leads={leads} locksmiths={locksmiths} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CodeForm({
  leads,
  locksmiths,
  onDone,
}: Omit<GenerateCodeDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useForm({
    id: "dispatch-code-new",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { expirationHours: String(DEFAULT_EXPIRATION_HOURS) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dispatchCodeFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  return (
    <fetcher.Form
      method="post"
      className="grid gap-4"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="intent" value="create" />
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
          onClick={() => form.update({ name: fields.code.name, value: generateCode() })}
        >
          <Shuffle aria-hidden="true" />
          Generate
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          meta={fields.leadId}
          label="Lead (optional)"
          hint={leads.length === 0 ? "No new leads right now." : "New leads, newest first."}
        >
          <option value="">No lead</option>
          {leads.map((lead) => (
            <option key={lead.id} value={lead.id}>
              {lead.displayName} · {lead.phone}
            </option>
          ))}
        </SelectField>
        <SelectField
          meta={fields.locksmithId}
          label="Locksmith (optional)"
          hint="Active locksmiths only."
        >
          <option value="">No locksmith</option>
          {locksmiths.map((locksmith) => (
            <option key={locksmith.id} value={locksmith.id}>
              {locksmith.name}
            </option>
          ))}
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
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      <FormDialogFooter
        onCancel={onDone}
        pending={saving}
        submitLabel="Create code"
        pendingLabel="Creating..."
      />
    </fetcher.Form>
  );
}
