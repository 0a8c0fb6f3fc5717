import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { CallStatus } from "~/lib/business-enums";
import { CALL_STATUS_LABELS } from "~/lib/status-labels";

// Missed calls stand out (a caller to ring back); failed ones are the line's fault.
const VARIANTS: Record<CallStatus, BadgeProps["variant"]> = {
  answered: "success",
  missed: "warning",
  busy: "secondary",
  failed: "destructive",
};

export function CallStatusBadge({ status }: { status: CallStatus }) {
  return <Badge variant={VARIANTS[status]}>{CALL_STATUS_LABELS[status]}</Badge>;
}
