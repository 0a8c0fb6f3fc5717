import { useState } from "react";
import { LocksmithOptions, ServiceTypeOptions } from "~/components/admin/choice-options";
import { DialogForm, FormDialog, useDialogForm } from "~/components/admin/form-dialog";
import { type DialogOpenProps } from "~/components/admin/dialog-state";
import { InputField, SelectField } from "~/components/ui/form-fields";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { LeadStatus, ServiceType } from "~/lib/business-enums";
import { formatDate } from "~/lib/format";
import { LEAD_STATUS_LABELS, serviceTypeLabel } from "~/lib/leads/lead-labels";
import { formatPhone } from "~/lib/phone";
import { jobCreateSchema, jobFromLeadSchema } from "~/lib/schemas/jobs";

/** A recent lead a job can be made from: what the job will copy, and what tells it apart. */
export interface LeadChoice {
  id: string;
  displayName: string;
  phone: string;
  serviceType: ServiceType;
  status: LeadStatus;
  assignedLocksmithName: string | null;
  createdAt: Date | string;
}

interface NewJobDialogProps extends DialogOpenProps {
  leads: readonly LeadChoice[];
  locksmiths: readonly { id: string; name: string }[];
}

/**
 * New Job, two ways: from a recent lead (the server copies its name, service type and
 * locksmith) or typed in from scratch. Each way is its own form with its own intent.
 */
export function NewJobDialog({ open, onOpenChange, leads, locksmiths }: NewJobDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New job"
      description="Start it from a lead to copy the client, job type and locksmith, or type it in. A new job is In Progress and not priced yet."
    >
      <Tabs defaultValue={leads.length > 0 ? "lead" : "scratch"}>
        <TabsList>
          <TabsTrigger value="lead">From a lead</TabsTrigger>
          <TabsTrigger value="scratch">From scratch</TabsTrigger>
        </TabsList>
        <TabsContent value="lead">
          <FromLeadForm leads={leads} onDone={close} />
        </TabsContent>
        <TabsContent value="scratch">
          <FromScratchForm locksmiths={locksmiths} onDone={close} />
        </TabsContent>
      </Tabs>
    </FormDialog>
  );
}

function FromLeadForm({ leads, onDone }: { leads: readonly LeadChoice[]; onDone: () => void }) {
  const dialog = useDialogForm({ id: "job-from-lead", schema: jobFromLeadSchema, onSaved: onDone });
  const { fields } = dialog;
  const [leadId, setLeadId] = useState("");
  const chosen = leads.find((lead) => lead.id === leadId);

  if (leads.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
        No leads yet. Add the lead on the Leads page first, or start this job from scratch.
      </p>
    );
  }

  return (
    <DialogForm
      dialog={dialog}
      intent="create-from-lead"
      submitLabel="Create job"
      pendingLabel="Creating..."
      onCancel={onDone}
    >
      <SelectField
        meta={fields.leadId}
        label="Lead"
        hint={`The ${leads.length} most recent leads, newest first.`}
        onChange={(event) => setLeadId(event.currentTarget.value)}
      >
        <option value="">Choose a lead</option>
        {leads.map((lead) => (
          <option key={lead.id} value={lead.id}>
            {lead.displayName} · {serviceTypeLabel(lead.serviceType)} · {formatPhone(lead.phone)} ·{" "}
            {formatDate(lead.createdAt)}
          </option>
        ))}
      </SelectField>
      <section
        aria-label="The new job"
        aria-live="polite"
        className="rounded-lg border border-border bg-slate-50 p-3 text-sm"
      >
        {chosen ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Client</dt>
            <dd className="font-medium">{chosen.displayName}</dd>
            <dt className="text-muted-foreground">Job type</dt>
            <dd className="font-medium">{serviceTypeLabel(chosen.serviceType)}</dd>
            <dt className="text-muted-foreground">Locksmith</dt>
            <dd className="font-medium">{chosen.assignedLocksmithName ?? "None assigned yet"}</dd>
            <dt className="text-muted-foreground">Lead status</dt>
            <dd>{LEAD_STATUS_LABELS[chosen.status]}</dd>
          </dl>
        ) : (
          <p className="text-muted-foreground">
            Choose a lead to see the client, job type and locksmith the job will get.
          </p>
        )}
      </section>
    </DialogForm>
  );
}

function FromScratchForm({
  locksmiths,
  onDone,
}: {
  locksmiths: readonly { id: string; name: string }[];
  onDone: () => void;
}) {
  const dialog = useDialogForm({ id: "job-new", schema: jobCreateSchema, onSaved: onDone });
  const { fields } = dialog;
  return (
    <DialogForm
      dialog={dialog}
      intent="create"
      submitLabel="Create job"
      pendingLabel="Creating..."
      onCancel={onDone}
    >
      <InputField meta={fields.clientName} label="Client name" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField meta={fields.jobType} label="Job type">
          <ServiceTypeOptions choose="Choose a job type" />
        </SelectField>
        <SelectField meta={fields.locksmithId} label="Locksmith" hint="Active locksmiths only.">
          <LocksmithOptions locksmiths={locksmiths} none="No locksmith yet" />
        </SelectField>
      </div>
    </DialogForm>
  );
}
