import { Briefcase } from "lucide-react";
import { useFetcher, useFetchers } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import type { AssignGroups, AssignableLocksmith } from "~/lib/assign-order";
import { LEAD_STATUSES, type LeadStatus } from "~/lib/business-enums";
import { LEAD_STATUS_LABELS } from "~/lib/lead-labels";
import { cn } from "~/lib/utils";

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
  assignedLocksmithId: string | null;
  assignedLocksmithName: string | null;
  createdAt: Date | string;
}

/*
 * The row controls are small fetcher forms: with JavaScript a select submits as soon as it
 * changes and the list stays where it is; without it, the Save button (only rendered for
 * browsers that run no script) posts the same form. While a change is on its way the
 * select shows the value asked for; on failure it falls back to the row's value.
 */

function NoScriptSave({ label }: { label: string }) {
  return (
    <noscript>
      <Button type="submit" size="sm" variant="outline">
        Save<span className="sr-only"> {label}</span>
      </Button>
    </noscript>
  );
}

interface ControlProps {
  lead: LeadRow;
  /** Tells the table's and the cards' copies of a control apart (ids must be unique). */
  idPrefix: string;
  className?: string;
}

export function LeadStatusForm({ lead, idPrefix, className }: ControlProps) {
  const fetcher = useFetcher();
  const id = `${idPrefix}-status-${lead.id}`;
  const pending = fetcher.formData?.get("status");
  // Assigning moves the lead to In Progress on the server: show it at once.
  const assigning = useFetchers().some(
    (other) =>
      other.formData?.get("intent") === "assign" && other.formData.get("leadId") === lead.id,
  );
  const value = typeof pending === "string" ? pending : assigning ? "in_progress" : lead.status;
  return (
    <fetcher.Form method="post" className={cn("flex items-center gap-2", className)}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="leadId" value={lead.id} />
      <label htmlFor={id} className="sr-only">
        Status of the lead from {lead.displayName}
      </label>
      <NativeSelect
        id={id}
        name="status"
        value={value}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        aria-busy={fetcher.state !== "idle"}
        className="w-full min-w-36"
      >
        {LEAD_STATUSES.map((status) => (
          <option key={status} value={status}>
            {LEAD_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      <NoScriptSave label={`status of ${lead.displayName}`} />
    </fetcher.Form>
  );
}

interface AssignProps<L extends AssignableLocksmith> extends ControlProps {
  groups: AssignGroups<L>;
}

export function LeadAssignForm<L extends AssignableLocksmith>({
  lead,
  groups,
  idPrefix,
  className,
}: AssignProps<L>) {
  const fetcher = useFetcher();
  const id = `${idPrefix}-assign-${lead.id}`;
  const pending = fetcher.formData?.get("locksmithId");
  const value = typeof pending === "string" ? pending : (lead.assignedLocksmithId ?? "");
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
    <fetcher.Form method="post" className={cn("flex items-center gap-2", className)}>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="leadId" value={lead.id} />
      <label htmlFor={id} className="sr-only">
        Locksmith for the lead from {lead.displayName}
        {zip ? ` in ${zip}` : ""}
      </label>
      <NativeSelect
        id={id}
        name="locksmithId"
        value={value}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        aria-busy={fetcher.state !== "idle"}
        className="w-full min-w-44"
      >
        {/* Assigning is the only way out of "nobody": there is no unassign (the spec). */}
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
            {others.length > 0 && (
              <optgroup label="Other locksmiths">{others.map(option)}</optgroup>
            )}
          </>
        ) : (
          others.map(option)
        )}
      </NativeSelect>
      <NoScriptSave label={`locksmith for ${lead.displayName}`} />
    </fetcher.Form>
  );
}

/** Makes a job from the lead; the server then opens the Jobs list on that job. */
export function CreateJobButton({ lead, className }: { lead: LeadRow; className?: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value="create-job" />
      <input type="hidden" name="leadId" value={lead.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        <Briefcase aria-hidden="true" />
        {busy ? "Creating..." : "Create job"}
        <span className="sr-only"> for the lead from {lead.displayName}</span>
      </Button>
    </fetcher.Form>
  );
}
