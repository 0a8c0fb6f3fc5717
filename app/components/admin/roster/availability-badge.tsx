import { Badge } from "~/components/ui/badge";
import type { RosterState } from "~/lib/dispatch/ranking";

const LABELS = { available: "Available", on_job: "On a job", off: "Off" } as const;
const VARIANTS = { available: "success", on_job: "warning", off: "secondary" } as const;

/** "Available since 9:40 PM", "On a job since 8:05 PM", "Off since Nov 24, 2026". */
export function AvailabilityBadge({
  state,
}: {
  state: Pick<RosterState, "availability" | "since">;
}) {
  return (
    <Badge variant={VARIANTS[state.availability]}>
      {LABELS[state.availability]} since {state.since}
    </Badge>
  );
}
