import { DollarSign, HandCoins, PiggyBank } from "lucide-react";
import { StatCard } from "~/components/admin/stat-card";
import { formatCents } from "~/lib/money";

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

const count = (n: number, one: string) =>
  `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** The spec's three cards, over the jobs the current search and filter match. */
export function JobsSummary({ summary, filtered }: JobsSummaryProps) {
  const scope = `${count(summary.pricedJobs, "priced job")} of ${count(summary.jobs, filtered ? "matching job" : "job")}; cancelled jobs not counted`;
  return (
    <section aria-label="Totals" className="mb-6 grid gap-4 sm:grid-cols-3">
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
    </section>
  );
}
