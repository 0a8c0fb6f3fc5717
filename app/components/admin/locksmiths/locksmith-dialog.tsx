import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { FormDialogFooter, FormErrorMessage } from "~/components/admin/form-dialog-parts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { InputField } from "~/components/ui/form-fields";
import { locksmithFormSchema } from "~/lib/business-schemas";
import { DEFAULT_CUT_PERCENT, MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "~/lib/job-split";

/** What the dialog edits: a locksmith as the list shows it. */
export interface LocksmithDraft {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  assignedZips: string[];
  paymentMethod: string | null;
  defaultCutPercent: number;
}

interface LocksmithDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The locksmith to edit; undefined to add one. */
  locksmith?: LocksmithDraft;
}

type ActionResult = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

/**
 * Add or edit a locksmith. Submits through a fetcher so the list keeps its search and page;
 * Active/Inactive is not here: it is toggled from the list's status badge, and a new
 * locksmith starts active.
 */
export function LocksmithDialog({ open, onOpenChange, locksmith }: LocksmithDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useForm({
    id: locksmith ? `locksmith-${locksmith.id}` : "locksmith-new",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: locksmith
      ? {
          name: locksmith.name,
          phone: locksmith.phone,
          email: locksmith.email ?? "",
          // Typed back the way the form reads them: comma-separated.
          assignedZips: locksmith.assignedZips.join(", "),
          paymentMethod: locksmith.paymentMethod ?? "",
          defaultCutPercent: String(locksmith.defaultCutPercent),
        }
      : { defaultCutPercent: String(DEFAULT_CUT_PERCENT) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: locksmithFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = fetcher.state !== "idle";

  // Close once the server accepted it; stay open (with the errors) when it did not.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{locksmith ? "Edit locksmith" : "Add locksmith"}</DialogTitle>
          <DialogDescription>
            Leads in the ZIP codes listed here suggest this locksmith first.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          {...getFormProps(form)}
          onSubmit={form.onSubmit}
        >
          <input type="hidden" name="intent" value={locksmith ? "update" : "create"} />
          {locksmith && <input type="hidden" name="id" value={locksmith.id} />}
          <FormErrorMessage id={form.errorId} errors={form.errors} />
          <InputField meta={fields.name} label="Name" autoComplete="off" />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <InputField
              meta={fields.phone}
              label="Phone"
              type="tel"
              autoComplete="off"
              placeholder="(312) 555-0147"
            />
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
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={saving}
            submitLabel={locksmith ? "Save changes" : "Add locksmith"}
            pendingLabel="Saving..."
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
