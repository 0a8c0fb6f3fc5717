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
import { InputField, SelectField, TextareaField } from "~/components/ui/form-fields";
import { SERVICE_TYPES } from "~/lib/business-enums";
import { leadFormSchema } from "~/lib/business-schemas";
import { SERVICE_TYPE_LABELS } from "~/lib/lead-labels";

interface LeadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type ActionResult = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

/** Add Lead: a call the operator takes down by hand (its source is "manual"). */
export function LeadDialog({ open, onOpenChange }: LeadDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useForm({
    id: "lead-new",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadFormSchema }),
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
          <DialogTitle>Add lead</DialogTitle>
          <DialogDescription>
            A new lead starts as New; assign a locksmith from the list once it is saved.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          {...getFormProps(form)}
          onSubmit={form.onSubmit}
        >
          <input type="hidden" name="intent" value="create" />
          <FormErrorMessage id={form.errorId} errors={form.errors} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <InputField meta={fields.name} label="Name" autoComplete="off" />
            <InputField
              meta={fields.phone}
              label="Phone"
              type="tel"
              autoComplete="off"
              placeholder="(312) 555-0147"
            />
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <SelectField meta={fields.serviceType} label="Service type">
              <option value="">Choose a service</option>
              {SERVICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SERVICE_TYPE_LABELS[type]}
                </option>
              ))}
            </SelectField>
            <InputField
              meta={fields.zip}
              label="ZIP (optional)"
              placeholder="60601"
              hint="As the caller said it"
              autoComplete="off"
            />
          </div>
          <TextareaField
            meta={fields.details}
            label="Notes (optional)"
            rows={3}
            placeholder="Locked out of a 2015 Honda Civic at the Orland Square mall"
          />
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            pending={saving}
            submitLabel="Add lead"
            pendingLabel="Saving..."
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
