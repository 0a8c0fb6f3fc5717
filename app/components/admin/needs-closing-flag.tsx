import { formatDateTime } from "~/lib/format";

/**
 * "Needs closing" (issue 45, decision 0066): a live job with no progress for longer than the
 * setting, flagged the same way in Jobs and on its lead.
 */
export function NeedsClosingFlag({ since }: { since: string | Date }) {
  return (
    <span className="mt-1 block text-xs font-semibold text-amber-800">
      Needs closing: no progress since {formatDateTime(since)}
    </span>
  );
}
