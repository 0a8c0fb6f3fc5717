import { useMemo, useState } from "react";
import { CheckboxField, InputField, SelectField } from "~/components/ui/form-fields";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { formatDate, shortId } from "~/lib/format";
import { randomId } from "~/lib/ids";
import { SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { centsToInput, formatCents, parseMoney } from "~/lib/money/money";
import {
  jobsCoveredBy,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  payoutDefaults,
} from "~/lib/money/payouts";
import type { ServiceType } from "~/lib/business-enums";
import { payoutRecordSchema } from "~/lib/schemas/payouts";
import type { SettlementDirection } from "~/lib/money/collection";

export interface PayoutDraft {
  locksmith: { id: string; name: string };
  /** The net now: positive, the business owes the locksmith; negative, the locksmith owes. */
  owedCents: number;
  /** Which way this payment goes (decision 0031). */
  direction: SettlementDirection;
  today: string;
  jobs: {
    id: string;
    clientName: string;
    jobType: ServiceType;
    completedAt: Date | string | null;
    theirCutCents: number | null;
  }[];
}

/**
 * Record payout: the amount (what is owed, by default), the day, how it was paid, and the
 * completed jobs it covers, oldest first, pre-selected up to the amount. The sum of the
 * chosen jobs is shown as they are ticked; the server checks it all again.
 */
export function RecordPayoutDialog({
  draft,
  onClose,
}: {
  draft: PayoutDraft;
  onClose: () => void;
}) {
  const jobs = useMemo(
    () => draft.jobs.map((job) => ({ ...job, theirCutCents: job.theirCutCents ?? 0 })),
    [draft.jobs],
  );
  const requestId = useMemo(() => randomId(), []);
  const fromLocksmith = draft.direction === "from_locksmith";
  // To the locksmith: the oldest jobs that fit in what is owed, and exactly their sum.
  const defaults = fromLocksmith ? null : payoutDefaults(jobs, draft.owedCents);
  const startAmount = fromLocksmith ? Math.max(0, -draft.owedCents) : (defaults!.amountCents ?? 0);
  const [chosen, setChosen] = useState(() => new Set((defaults?.jobs ?? []).map((job) => job.id)));
  const [touched, setTouched] = useState(false);
  const chosenCents = jobs
    .filter((job) => chosen.has(job.id))
    .reduce((sum, job) => sum + job.theirCutCents, 0);
  const dialog = useDialogForm({
    id: `payout-${draft.locksmith.id}`,
    schema: payoutRecordSchema,
    defaultValue: {
      amount: startAmount > 0 ? centsToInput(startAmount) : "",
      paidOn: draft.today,
      method: fromLocksmith ? "cash" : "zelle",
    },
    onSaved: onClose,
  });
  const { fields } = dialog;
  // Until jobs are ticked by hand, a new amount picks the oldest jobs it pays for.
  const followAmount = (typed: string) => {
    if (touched) return;
    const parsed = parseMoney(typed);
    if (parsed.ok) setChosen(new Set(jobsCoveredBy(jobs, parsed.cents).map((job) => job.id)));
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        fromLocksmith
          ? `Record payment from ${draft.locksmith.name}`
          : `Record payout to ${draft.locksmith.name}`
      }
      description={
        fromLocksmith
          ? `They owe the business ${formatCents(-draft.owedCents)} now: its cut of money they collected, less what was settled.`
          : `Owed now: ${formatCents(draft.owedCents)}. The jobs it covers are settled: their price is then fixed.`
      }
      className="sm:max-w-xl"
    >
      <DialogForm
        dialog={dialog}
        intent="record"
        hidden={{ locksmithId: draft.locksmith.id, requestId, direction: draft.direction }}
        submitLabel={fromLocksmith ? "Record payment" : "Record payout"}
        pendingLabel="Recording..."
        onCancel={onClose}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            meta={fields.amount}
            label="Amount ($)"
            inputMode="decimal"
            autoComplete="off"
            onBlur={(event) => followAmount(event.currentTarget.value)}
          />
          <InputField meta={fields.paidOn} label="Paid on" type="date" />
          <SelectField meta={fields.method} label="Method">
            {PAYOUT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYOUT_METHOD_LABELS[method]}
              </option>
            ))}
          </SelectField>
          <InputField
            meta={fields.reference}
            label="Reference (optional)"
            placeholder="Check no., Zelle id…"
          />
        </div>
        {!fromLocksmith && (
          <>
            <CheckboxField
              meta={fields.partial}
              label="Partial payment (less than the jobs chosen; the rest stays owed)"
            />
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">
                Jobs it covers ({chosen.size} chosen, {formatCents(chosenCents)})
              </legend>
              {jobs.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No unpaid jobs: a partial payment can pay down what is still owed.
                </p>
              ) : (
                <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border border-border p-2">
                  {jobs.map((job) => (
                    <li key={job.id}>
                      <label className="flex items-center gap-3 rounded px-2 py-1.5 text-sm hover:bg-muted">
                        <input
                          type="checkbox"
                          name="jobIds"
                          value={job.id}
                          checked={chosen.has(job.id)}
                          onChange={(event) => {
                            setTouched(true);
                            const next = new Set(chosen);
                            if (event.currentTarget.checked) next.add(job.id);
                            else next.delete(job.id);
                            setChosen(next);
                          }}
                          className="size-4 accent-brand-700"
                        />
                        <span className="flex-1">
                          {job.completedAt ? formatDate(job.completedAt) : ""} · {job.clientName} ·{" "}
                          {SERVICE_TYPE_LABELS[job.jobType]}{" "}
                          <span className="text-muted-foreground">({shortId(job.id)})</span>
                        </span>
                        <span className="font-medium tabular-nums">
                          {formatCents(job.theirCutCents)}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {fields.jobIds.errors && (
                <p className="text-sm font-medium text-destructive">{fields.jobIds.errors[0]}</p>
              )}
            </fieldset>
          </>
        )}
      </DialogForm>
    </FormDialog>
  );
}
