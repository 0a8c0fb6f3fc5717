import { Clock, PhoneCall, PhoneIncoming, PhoneMissed } from "lucide-react";
import { StatCard } from "~/components/admin/stat-card";
import { formatDuration } from "~/lib/time/duration";
import { formatCount } from "~/lib/format";

export interface CallLogStatsView {
  totalCalls: number;
  answeredToday: number;
  missedToday: number;
  averageAnsweredSeconds: number;
}

const count = formatCount;

/**
 * The four cards (docs/decisions/0008-call-log-stat-cards.md): the line's volume, today's
 * load, today's callers to ring back, and how long an answered call takes. "Today" is the
 * UTC date, as on the dashboard. They describe all calls, not the current search.
 */
export function CallLogStats({ stats }: { stats: CallLogStatsView | null }) {
  const show = (value: string) => (stats ? value : "—");
  return (
    <section aria-label="Call statistics" className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Total Calls"
        value={show(count(stats?.totalCalls ?? 0))}
        detail="All calls logged"
        icon={PhoneCall}
      />
      <StatCard
        title="Answered Today"
        value={show(count(stats?.answeredToday ?? 0))}
        detail="Since midnight UTC"
        icon={PhoneIncoming}
      />
      <StatCard
        title="Missed Today"
        value={show(count(stats?.missedToday ?? 0))}
        detail="Callers to ring back"
        icon={PhoneMissed}
      />
      <StatCard
        title="Avg. Answered Call"
        value={show(formatDuration(stats?.averageAnsweredSeconds ?? 0))}
        detail="Over all answered calls"
        icon={Clock}
      />
    </section>
  );
}
