import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { shortId } from "~/lib/format";
import { formatCents } from "~/lib/money/money";
import { PLAN_MAX_INSTALMENTS, planDay } from "~/lib/money/payment-plan";

export interface PlanJob {
  id: string;
  clientName: string;
  status: string;
  paymentMethod: string | null;
  finalPriceCents: number | null;
  plan: {
    id: string;
    number: number;
    dueOn: string;
    amountCents: number;
    paidAt: string | Date | null;
    paidBy: string | null;
  }[];
}

const PAID_BY: Record<string, string> = { pay_link: "card", cash: "cash", check: "check" };

/**
 * A completed pay-link job's payment plan (issue 45, decision 0065): its instalments, each
 * recorded as cash or check with a tap when the customer paid that way (a card instalment
 * records itself through its pay link), and a form that sets a new plan of 2–6 dated
 * amounts adding up to what is due (the server checks and says what is wrong).
 */
export function PaymentPlan({ job }: { job: PlanJob }) {
  if (job.status !== "completed" || job.paymentMethod !== "pay_link" || !job.finalPriceCents) {
    return null;
  }
  const about = ` of job ${shortId(job.id)} for ${job.clientName}`;
  return (
    <details className="mt-1 text-left text-xs" data-payment-plan>
      <summary className="cursor-pointer font-medium text-brand-700">
        {job.plan.length > 0 ? `Payment plan (${job.plan.length})` : "Set a payment plan"}
        <span className="sr-only">{about}</span>
      </summary>
      {job.plan.length > 0 && (
        <ol className="mt-1 grid gap-1">
          {job.plan.map((instalment) => (
            <li key={instalment.id} className="flex flex-wrap items-center gap-2">
              <span>
                {instalment.number}. {planDay(instalment.dueOn)}:{" "}
                {formatCents(instalment.amountCents)}
                {instalment.paidAt
                  ? `, paid by ${PAID_BY[instalment.paidBy ?? ""] ?? "card"}`
                  : ", not paid"}
              </span>
              {!instalment.paidAt &&
                (["cash", "check"] as const).map((method) => (
                  <Form method="post" key={method}>
                    <input type="hidden" name="intent" value="instalment-paid" />
                    <input type="hidden" name="instalmentId" value={instalment.id} />
                    <input type="hidden" name="method" value={method} />
                    <Button type="submit" size="sm" variant="outline">
                      Paid by {method}
                      <span className="sr-only">
                        : instalment {instalment.number}
                        {about}
                      </span>
                    </Button>
                  </Form>
                ))}
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="mt-2 grid gap-1">
        <input type="hidden" name="intent" value="payment-plan" />
        <input type="hidden" name="jobId" value={job.id} />
        <p className="text-muted-foreground">
          2 to {PLAN_MAX_INSTALMENTS} instalments adding up to what is due; a new plan replaces this
          one.
        </p>
        {Array.from({ length: PLAN_MAX_INSTALMENTS }, (_, index) => (
          <div key={index} className="flex gap-1">
            <label className="sr-only" htmlFor={`plan-${job.id}-${index}-due`}>
              Instalment {index + 1} date{about}
            </label>
            <input
              id={`plan-${job.id}-${index}-due`}
              type="date"
              name={`plan[${index}].dueOn`}
              className="h-8 rounded border border-slate-300 px-1"
            />
            <label className="sr-only" htmlFor={`plan-${job.id}-${index}-amount`}>
              Instalment {index + 1} amount in dollars{about}
            </label>
            <input
              id={`plan-${job.id}-${index}-amount`}
              name={`plan[${index}].amount`}
              inputMode="decimal"
              placeholder="$"
              className="h-8 w-24 rounded border border-slate-300 px-1"
            />
          </div>
        ))}
        <Button type="submit" size="sm">
          Save the plan<span className="sr-only">{about}</span>
        </Button>
      </Form>
    </details>
  );
}
