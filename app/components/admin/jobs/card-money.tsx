import { TriangleAlert } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { shortId } from "~/lib/format";
import {
  balanceLine,
  jobBalance,
  paymentAlert,
  refundButton,
  type PaymentVerdict,
} from "~/lib/money/card-payments";
import type { JobStatus } from "~/lib/business-enums";

export interface CardMoneyRow {
  id: string;
  clientName: string;
  status: JobStatus;
  finalPriceCents: number | null;
  cardPaidCents: number;
  cardRefundedCents: number;
  /** Plan instalments paid in cash or by check: money in, as much as a card payment. */
  planCashCents: number;
  alertPaymentId: string | null;
  alertVerdict: PaymentVerdict | null;
  alertAmountCents: number | null;
}

/**
 * A job's card money on the office's list (issue 44): the balance, and a payment that needs
 * a decision with its one tap (refund what is over the price, or keep it).
 */
export function CardMoney({ job }: { job: CardMoneyRow }) {
  const fetcher = useFetcher();
  if (job.cardPaidCents === 0) return null;
  // Refunds on their way count as given back: the list's sum does not tell them apart.
  const balance = jobBalance(job, [
    { kind: "payment", amountCents: job.cardPaidCents },
    { kind: "refund", amountCents: job.cardRefundedCents, refundState: "succeeded" },
  ]);
  const over = -balance.balanceCents;
  const alert =
    job.alertVerdict && job.alertAmountCents !== null
      ? paymentAlert(job.alertVerdict, job.alertAmountCents)
      : null;
  const about = ` for job ${shortId(job.id)} of ${job.clientName}`;
  return (
    <div className="mt-1 grid justify-items-end gap-1 text-xs whitespace-normal" data-card-money>
      <span className="font-semibold">{balanceLine(balance)}</span>
      {(alert || over > 0) && (
        <div
          role="status"
          className="grid max-w-64 gap-1 rounded bg-amber-100 p-1.5 text-amber-950"
        >
          {alert && (
            <span className="flex items-start gap-1 text-left">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {alert}
            </span>
          )}
          <div className="flex flex-wrap justify-end gap-1">
            {over > 0 && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="refund-payment" />
                <input type="hidden" name="jobId" value={job.id} />
                <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
                  {refundButton(over)}
                  <span className="sr-only">{about}</span>
                </Button>
              </fetcher.Form>
            )}
            {job.alertPaymentId && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="keep-payment" />
                <input type="hidden" name="paymentId" value={job.alertPaymentId} />
                <Button
                  type="submit"
                  size="sm"
                  variant="outline"
                  disabled={fetcher.state !== "idle"}
                >
                  Keep it<span className="sr-only">{about}</span>
                </Button>
              </fetcher.Form>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
