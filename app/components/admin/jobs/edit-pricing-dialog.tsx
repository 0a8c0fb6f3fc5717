import { useState } from "react";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { InputField } from "~/components/ui/form-fields";
import { computeSplit, MAX_CUT_PERCENT, MIN_CUT_PERCENT } from "~/lib/money/job-split";
import { serviceTypeLabel } from "~/lib/leads/lead-labels";
import { centsToInput, formatCents, parseMoney } from "~/lib/money/money";
import { jobPricingSchema } from "~/lib/schemas/jobs";
import type { JobRow } from "./jobs-list";

interface EditPricingDialogProps extends DialogOpenProps {
  job: JobRow | undefined;
  /** The job's locksmith's default cut (60% when it has none): what an empty cut means. */
  defaultCutPercent: number;
}

/**
 * Edit Pricing: the final price and the locksmith's cut. The split shown while typing is a
 * preview with the same arithmetic as the server (app/lib/money/job-split.ts); the server
 * computes it again when saving and stores that, in cents.
 */
export function EditPricingDialog({
  open,
  onOpenChange,
  job,
  defaultCutPercent,
}: EditPricingDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit pricing"
      description={
        job && (
          <>
            Job <span className="font-mono">{job.id.slice(0, 8)}</span> · {job.clientName} ·{" "}
            {serviceTypeLabel(job.jobType)}
          </>
        )
      }
    >
      {job && (
        <PricingForm
          key={job.id}
          job={job}
          defaultCutPercent={defaultCutPercent}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
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
  // A priced job keeps the cut it was agreed at; an unpriced one starts at the default.
  const initialPercent = String(job.theirCutPercent ?? defaultCutPercent);
  const initialPrice = centsToInput(job.finalPriceCents);
  const dialog = useDialogForm({
    id: `job-pricing-${job.id}`,
    schema: jobPricingSchema,
    defaultValue: { finalPrice: initialPrice, theirCutPercent: initialPercent },
    onSaved: onDone,
  });
  const { fields } = dialog;
  const [priceText, setPriceText] = useState(initialPrice);
  const [percentText, setPercentText] = useState(initialPercent);
  const split = previewSplit(priceText, percentText, defaultCutPercent);

  return (
    <DialogForm
      dialog={dialog}
      intent="pricing"
      hidden={{ jobId: job.id }}
      submitLabel="Save pricing"
      onCancel={onDone}
    >
      {job.approvedQuoteCents !== null && (
        <p className="rounded-lg border border-border p-3 text-sm">
          <span className="font-semibold">
            Approved quote: {formatCents(job.approvedQuoteCents)}
          </span>{" "}
          — the customer approved this. A higher price is texted to them to approve, and the price
          stays as it is until they do; a lower one is saved and they are told.
        </p>
      )}
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
    </DialogForm>
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
