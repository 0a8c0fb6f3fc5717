import { Briefcase, ClipboardList, PhoneCall, Users } from "lucide-react";
import { StatCard } from "~/components/admin/stat-card";
import { formatCount } from "~/lib/format";

export interface DashboardCounts {
  locksmiths: { total: number; active: number };
  leads: { total: number; new: number };
  jobs: { total: number; active: number };
  calls: { total: number; today: number };
}

const number = formatCount;

/**
 * The four cards of docs/spec/back-office.md §2 Dashboard; "—" when the numbers could not be loaded
 * (never a made-up 0).
 */
export function DashboardCards({ counts }: { counts: DashboardCounts | null }) {
  const value = (read: (counts: DashboardCounts) => number) =>
    counts ? number(read(counts)) : "—";
  const detail = (text: (counts: DashboardCounts) => string) =>
    counts ? text(counts) : "Not loaded";
  return (
    <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Locksmiths"
        value={value((c) => c.locksmiths.total)}
        detail={detail((c) => `${number(c.locksmiths.active)} active`)}
        icon={Users}
      />
      <StatCard
        title="Total Leads"
        value={value((c) => c.leads.total)}
        detail={detail((c) => `${number(c.leads.new)} new`)}
        icon={ClipboardList}
      />
      <StatCard
        title="Active Jobs"
        value={value((c) => c.jobs.active)}
        detail={detail((c) => `${number(c.jobs.total)} jobs in total`)}
        icon={Briefcase}
      />
      <StatCard
        title="Call Activity"
        value={value((c) => c.calls.today)}
        detail={detail((c) => `today (UTC) · ${number(c.calls.total)} calls in total`)}
        icon={PhoneCall}
      />
    </section>
  );
}
