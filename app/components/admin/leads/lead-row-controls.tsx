import { Briefcase } from "lucide-react";
import { useFetcher, useFetchers } from "react-router";
import { Button } from "~/components/ui/button";
import type { AssignGroups, AssignableLocksmith } from "~/lib/dispatch/assign-order";
import { LEAD_STATUSES, type LeadStatus } from "~/lib/business-enums";
import { LEAD_STATUS_LABELS } from "~/lib/leads/lead-labels";
import { RowSelectForm, StatusOptions } from "../row-select-form";

/** A lead as the list shows it (the loader's row, dates already revived). */
export interface LeadRow {
  id: string;
  name: string | null;
  displayName: string;
  phone: string;
  serviceType: string;
  zip: string | null;
  status: LeadStatus;
  source: string;
  details: string | null;
  address: string | null;
  assignedLocksmithId: string | null;
  assignedLocksmithName: string | null;
  createdAt: Date | string;
}

interface ControlProps {
  lead: LeadRow;
  /** Tells the table's and the cards' copies of a control apart (ids must be unique). */
  idPrefix: string;
}

export function LeadStatusForm({ lead, idPrefix }: ControlProps) {
  // Assigning moves the lead to In Progress on the server: show it at once.
  const assigning = useFetchers().some(
    (other) =>
      other.formData?.get("intent") === "assign" && other.formData.get("leadId") === lead.id,
  );
  return (
    <RowSelectForm
      intent="status"
      hidden={{ leadId: lead.id }}
      name="status"
      value={lead.status}
      implied={assigning ? "in_progress" : undefined}
      selectId={`${idPrefix}-status-${lead.id}`}
      label={`Status of the lead from ${lead.displayName}`}
      saveLabel={`status of ${lead.displayName}`}
      className="min-w-36"
    >
      <StatusOptions statuses={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
    </RowSelectForm>
  );
}

interface AssignProps<L extends AssignableLocksmith> extends ControlProps {
  groups: AssignGroups<L>;
}

export function LeadAssignForm<L extends AssignableLocksmith>({
  lead,
  groups,
  idPrefix,
}: AssignProps<L>) {
  const { covering, others, zip } = groups;
  const assignedIsActive =
    lead.assignedLocksmithId !== null &&
    (covering.some((l) => l.id === lead.assignedLocksmithId) ||
      others.some((l) => l.id === lead.assignedLocksmithId));
  const option = (locksmith: L) => (
    <option key={locksmith.id} value={locksmith.id}>
      {locksmith.name}
    </option>
  );
  const nobody = covering.length === 0 && others.length === 0;
  return (
    <RowSelectForm
      intent="assign"
      hidden={{ leadId: lead.id }}
      name="locksmithId"
      value={lead.assignedLocksmithId ?? ""}
      selectId={`${idPrefix}-assign-${lead.id}`}
      label={`Locksmith for the lead from ${lead.displayName}${zip ? ` in ${zip}` : ""}`}
      saveLabel={`locksmith for ${lead.displayName}`}
      className="min-w-44"
    >
      {/* Assigning is the only way out of "nobody": there is no unassign
          (docs/spec/back-office.md §4). */}
      {!lead.assignedLocksmithId && (
        <option value="" disabled>
          {nobody ? "No active locksmiths" : "Assign a locksmith"}
        </option>
      )}
      {lead.assignedLocksmithId && !assignedIsActive && (
        <option value={lead.assignedLocksmithId} disabled>
          {lead.assignedLocksmithName ?? "Unknown locksmith"} (inactive)
        </option>
      )}
      {covering.length > 0 ? (
        <>
          <optgroup label={`Covers ${zip}`}>{covering.map(option)}</optgroup>
          {others.length > 0 && <optgroup label="Other locksmiths">{others.map(option)}</optgroup>}
        </>
      ) : (
        others.map(option)
      )}
    </RowSelectForm>
  );
}

/** Status and locksmith side by side, each captioned: a lead's card and the lead page. */
export function LeadControls<L extends AssignableLocksmith>({
  lead,
  groups,
  idPrefix,
}: AssignProps<L>) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {/* The captions repeat the selects' accessible names for the eye only. */}
      <div className="grid gap-1">
        <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
          Status
        </span>
        <LeadStatusForm lead={lead} idPrefix={idPrefix} />
      </div>
      <div className="grid gap-1">
        <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
          Locksmith
        </span>
        <LeadAssignForm lead={lead} groups={groups} idPrefix={idPrefix} />
      </div>
    </div>
  );
}

/** Makes a job from the lead; the server then opens the Jobs list on that job. */
export function CreateJobButton({
  lead,
  className,
  size = "sm",
}: {
  lead: Pick<LeadRow, "id" | "displayName">;
  className?: string;
  size?: "sm" | "default";
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value="create-job" />
      <input type="hidden" name="leadId" value={lead.id} />
      <Button type="submit" size={size} variant="outline" disabled={busy}>
        <Briefcase aria-hidden="true" />
        {busy ? "Creating..." : "Create job"}
        <span className="sr-only"> for the lead from {lead.displayName}</span>
      </Button>
    </fetcher.Form>
  );
}
