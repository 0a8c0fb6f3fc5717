import { Briefcase } from "lucide-react";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { isClosedLead, LEAD_STATUSES, type LeadStatus } from "~/lib/business-enums";
import type { LeadHolder } from "~/lib/dispatch/holder";
import { LEAD_STATUS_LABELS } from "~/lib/leads/lead-labels";
import { RowForm, useRowSending } from "../row-form";
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
  /** The marketing source (decision 0039); optional where a list does not read it. */
  sourceName?: string | null;
  details: string | null;
  address: string | null;
  assignedLocksmithId: string | null;
  assignedLocksmithName: string | null;
  /** Who has it now (a live assignment), described by the server. */
  holder: LeadHolder | null;
  createdAt: Date | string;
}

interface ControlProps {
  lead: LeadRow;
  /** Tells the table's and the cards' copies of a control apart (ids must be unique). */
  idPrefix: string;
}

export function LeadStatusForm({ lead, idPrefix }: ControlProps) {
  // A closed lead moves on only through Reopen (decision 0026): its status shows, fixed.
  if (isClosedLead(lead.status)) {
    const selectId = `${idPrefix}-status-${lead.id}`;
    return (
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Status of the lead from {lead.displayName} (Reopen to change it)
        </label>
        <NativeSelect
          id={selectId}
          defaultValue={lead.status}
          disabled
          className="w-full min-w-36 disabled:bg-slate-50 disabled:opacity-100"
        >
          <option value={lead.status}>{LEAD_STATUS_LABELS[lead.status]}</option>
        </NativeSelect>
      </div>
    );
  }
  return (
    <RowSelectForm
      intent="status"
      hidden={{ leadId: lead.id }}
      fetcherKey={`lead-status:${lead.id}`}
      name="status"
      value={lead.status}
      selectId={`${idPrefix}-status-${lead.id}`}
      label={`Status of the lead from ${lead.displayName}`}
      saveLabel={`status of ${lead.displayName}`}
      className="min-w-36"
      confirm={{
        value: "cancelled",
        question: cancelQuestion(lead),
        field: "confirmCancel",
        box: "Yes, cancel it",
      }}
    >
      <StatusOptions statuses={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
    </RowSelectForm>
  );
}

/** What cancelling does, asked before it is done (decision 0057). */
function cancelQuestion(lead: LeadRow): string {
  const who =
    lead.holder && lead.assignedLocksmithName
      ? ` ${lead.assignedLocksmithName} is taken off it and told.`
      : "";
  return `Cancel the lead from ${lead.displayName}? The customer is texted that nobody is coming (if they agreed to texts).${who}`;
}

/** Who has the lead and how far along, or who last had it, or nobody. */
export function LeadHolderText({ lead }: { lead: LeadRow }) {
  if (lead.holder) return <span className="text-sm">{lead.holder.description}</span>;
  if (lead.assignedLocksmithName && isClosedLead(lead.status)) {
    return <span className="text-sm">{lead.assignedLocksmithName}</span>;
  }
  return <span className="text-sm text-muted-foreground">Nobody yet</span>;
}

/** Status and who has it, side by side, each captioned: a lead's card and the lead page. */
export function LeadControls({ lead, idPrefix }: ControlProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {/* The captions repeat the select's accessible name for the eye only. */}
      <div className="grid gap-1">
        <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
          Status
        </span>
        <LeadStatusForm lead={lead} idPrefix={idPrefix} />
      </div>
      <div className="grid content-start gap-1">
        <span className="text-xs font-medium text-muted-foreground">Locksmith</span>
        <LeadHolderText lead={lead} />
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
  const fetcherKey = `create-job:${lead.id}`;
  const { busy } = useRowSending(fetcherKey);
  return (
    <RowForm fetcherKey={fetcherKey} className={className}>
      <input type="hidden" name="intent" value="create-job" />
      <input type="hidden" name="leadId" value={lead.id} />
      <Button type="submit" size={size} variant="outline" disabled={busy}>
        <Briefcase aria-hidden="true" />
        {busy ? "Creating..." : "Create job"}
        <span className="sr-only"> for the lead from {lead.displayName}</span>
      </Button>
    </RowForm>
  );
}
