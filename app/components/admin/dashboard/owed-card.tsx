import { HandCoins } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { formatCents } from "~/lib/money/money";

/** Owed to locksmiths now, all together, linking to Payouts where it is paid. */
export function OwedCard({ owedCents }: { owedCents: number | null }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <HandCoins className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="text-sm font-medium text-muted-foreground">Owed to locksmiths</h2>
          <p className="text-2xl font-bold tracking-tight tabular-nums">
            {owedCents === null ? "—" : formatCents(owedCents)}
          </p>
        </div>
      </div>
      <Link to="/admin/payouts" className="font-semibold text-brand-700 hover:underline">
        Open Payouts
      </Link>
    </Card>
  );
}
