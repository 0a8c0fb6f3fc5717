import { DollarSign, HandCoins, PiggyBank } from "lucide-react";
import { StatCard } from "~/components/admin/stat-card";
import { Card } from "~/components/ui/card";
import { formatCents } from "~/lib/money/money";
import { formatCount } from "~/lib/format";

interface JobsSummaryProps {
  summary: {
    jobs: number;
    pricedJobs: number;
    totalRevenueCents: number;
    yourEarningsCents: number;
    locksmithPaymentsCents: number;
  };
  /** Whether a search or status filter narrows the list (the cards follow it). */
  filtered: boolean;
}

const count = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? "" : "s"}`;

/**
 * The three summary cards of docs/spec/back-office.md §2 Jobs page (Total Revenue, Your Earnings,
 * Locksmith Payments), over the jobs the current search and filter match.
 */
export function JobsSummary({ summary, filtered }: JobsSummaryProps) {
  const scope = `${count(summary.pricedJobs, "priced job")} of ${count(summary.jobs, filtered ? "matching job" : "job")}; cancelled jobs not counted`;
  return (
    <section aria-label="Totals" className="mb-6">
      {/* Narrow screens get one compact card: three big cards would not fit, and the list starts sooner. */}
      <Card className="p-4 xl:hidden">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Total Revenue</dt>
          <dd className="text-right font-semibold tabular-nums">
            {formatCents(summary.totalRevenueCents)}
          </dd>
          <dt className="text-muted-foreground">Your Earnings</dt>
          <dd className="text-right font-semibold tabular-nums">
            {formatCents(summary.yourEarningsCents)}
          </dd>
          <dt className="text-muted-foreground">Locksmith Payments</dt>
          <dd className="text-right font-semibold tabular-nums">
            {formatCents(summary.locksmithPaymentsCents)}
          </dd>
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">{scope}</p>
      </Card>
      <div className="hidden gap-4 xl:grid xl:grid-cols-3">
        <StatCard
          title="Total Revenue"
          value={formatCents(summary.totalRevenueCents)}
          detail={scope}
          icon={DollarSign}
        />
        <StatCard
          title="Your Earnings"
          value={formatCents(summary.yourEarningsCents)}
          detail="Your share of the final prices"
          icon={PiggyBank}
        />
        <StatCard
          title="Locksmith Payments"
          value={formatCents(summary.locksmithPaymentsCents)}
          detail="The locksmiths' share of the final prices"
          icon={HandCoins}
        />
      </div>
    </section>
  );
}
