import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
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
import { jobPricingSchema } from "~/lib/business-schemas";
import { computeSplit, MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "~/lib/job-split";
import { serviceTypeLabel } from "~/lib/lead-labels";
import { centsToInput, formatCents, parseMoney } from "~/lib/money";
import type { JobRow } from "./jobs-list";

interface EditPricingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  job: JobRow | undefined;
  /** The job's locksmith's default cut (60% when it has none): what an empty cut means. */
  defaultCutPercent: number;
}

type ActionResult = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

/**
 * Edit Pricing: the final price and the locksmith's cut. The split shown while typing is a
 * preview with the same arithmetic as the server (app/lib/job-split.ts); the server
 * computes it again when saving and stores that, in cents.
 */
export function EditPricingDialog({
  open,
  onOpenChange,
  job,
  defaultCutPercent,
}: EditPricingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {job && (
          <PricingForm
            key={job.id}
            job={job}
            defaultCutPercent={defaultCutPercent}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PricingForm({
  job,
  defaultCutPercent,
  onDone,
}: {
  job: JobRow;
  defaultCutPercent: number;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  // A priced job keeps the cut it was agreed at; an unpriced one starts at the default.
  const initialPercent = String(job.theirCutPercent ?? defaultCutPercent);
  const initialPrice = centsToInput(job.finalPriceCents);
  const [form, fields] = useForm({
    id: `job-pricing-${job.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { finalPrice: initialPrice, theirCutPercent: initialPercent },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobPricingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [priceText, setPriceText] = useState(initialPrice);
  const [percentText, setPercentText] = useState(initialPercent);
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  const split = previewSplit(priceText, percentText, defaultCutPercent);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit pricing</DialogTitle>
        <DialogDescription>
          Job <span className="font-mono">{job.id.slice(0, 8)}</span> · {job.clientName} ·{" "}
          {serviceTypeLabel(job.jobType)}
        </DialogDescription>
      </DialogHeader>
      <fetcher.Form
        method="post"
        className="grid gap-4"
        {...getFormProps(form)}
        onSubmit={form.onSubmit}
      >
        <input type="hidden" name="intent" value="pricing" />
        <input type="hidden" name="jobId" value={job.id} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            meta={fields.finalPrice}
            label="Final price ($)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="185.00"
            className="tabular-nums"
            onChange={(event) => setPriceText(event.currentTarget.value)}
          />
          <InputField
            meta={fields.theirCutPercent}
            type="number"
            label="Locksmith's cut (%)"
            min={MIN_CUT_PERCENT}
            max={MAX_CUT_PERCENT}
            step={1}
            hint={
              job.locksmithName
                ? `${job.locksmithName}'s default: ${defaultCutPercent}%`
                : `No locksmith: the default is ${defaultCutPercent}%`
            }
            onChange={(event) => setPercentText(event.currentTarget.value)}
          />
        </div>
        <section
          aria-label="Split preview"
          aria-live="polite"
          className="rounded-lg border border-border bg-slate-50 p-3 text-sm"
        >
          {split ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
              <dt className="text-muted-foreground">Locksmith gets ({split.percent}%)</dt>
              <dd className="text-right font-medium">{formatCents(split.theirCutCents)}</dd>
              <dt className="text-muted-foreground">You keep</dt>
              <dd className="text-right font-medium">{formatCents(split.yourCutCents)}</dd>
              <dt className="border-t border-border pt-1 font-medium">Final price</dt>
              <dd className="border-t border-border pt-1 text-right font-semibold">
                {formatCents(split.priceCents)}
              </dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">
              Enter a price and a cut from 0 to 100% to see the split.
            </p>
          )}
        </section>
        <FormErrorMessage id={form.errorId} errors={form.errors} />
        <FormDialogFooter
          onCancel={onDone}
          pending={saving}
          submitLabel="Save pricing"
          pendingLabel="Saving..."
        />
      </fetcher.Form>
    </>
  );
}

/** The split for what is typed so far, or null while it is not a valid price and cut. */
function previewSplit(priceText: string, percentText: string, defaultCutPercent: number) {
  const price = parseMoney(priceText);
  const percent = percentText.trim() === "" ? defaultCutPercent : Number(percentText);
  if (!price.ok) return null;
  try {
    return { ...computeSplit(price.cents, percent), percent, priceCents: price.cents };
  } catch {
    return null;
  }
}
