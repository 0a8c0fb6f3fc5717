import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormDialogFooter, FormErrorMessage } from "~/components/admin/form-dialog-parts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { InputField, SelectField } from "~/components/ui/form-fields";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { SERVICE_TYPES, type LeadStatus, type ServiceType } from "~/lib/business-enums";
import { jobFormSchema, jobFromLeadSchema } from "~/lib/business-schemas";
import { formatDate } from "~/lib/format";
import { LEAD_STATUS_LABELS, SERVICE_TYPE_LABELS, serviceTypeLabel } from "~/lib/lead-labels";

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

interface NewJobDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  leads: readonly LeadChoice[];
  locksmiths: readonly { id: string; name: string }[];
}

type ActionResult = { result?: SubmissionResult<string[]>; ok?: boolean } | undefined;

/**
 * New Job, two ways: from a recent lead (the server copies its name, service type and
 * locksmith) or typed in from scratch. Each way is its own form with its own intent.
 */
export function NewJobDialog({ open, onOpenChange, leads, locksmiths }: NewJobDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New job</DialogTitle>
          <DialogDescription>
            Start it from a lead to copy the client, job type and locksmith, or type it in. A new
            job is In Progress and not priced yet.
          </DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}

/** Closes the dialog once the server accepted the job; stays open with errors otherwise. */
function useCloseOnSuccess(fetcher: { state: string; data?: ActionResult }, onDone: () => void) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
}

function FromLeadForm({ leads, onDone }: { leads: readonly LeadChoice[]; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useForm({
    id: "job-from-lead",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobFromLeadSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [leadId, setLeadId] = useState("");
  useCloseOnSuccess(fetcher, onDone);
  const saving = fetcher.state !== "idle";
  const chosen = leads.find((lead) => lead.id === leadId);

  if (leads.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
        No leads yet. Add the lead on the Leads page first, or start this job from scratch.
      </p>
    );
  }

  return (
    <fetcher.Form
      method="post"
      className="grid gap-4"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="intent" value="create-from-lead" />
      <SelectField
        meta={fields.leadId}
        label="Lead"
        hint={`The ${leads.length} most recent leads, newest first.`}
        onChange={(event) => setLeadId(event.currentTarget.value)}
      >
        <option value="">Choose a lead</option>
        {leads.map((lead) => (
          <option key={lead.id} value={lead.id}>
            {lead.displayName} · {serviceTypeLabel(lead.serviceType)} · {lead.phone} ·{" "}
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
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      <FormDialogFooter
        onCancel={onDone}
        pending={saving}
        submitLabel="Create job"
        pendingLabel="Creating..."
      />
    </fetcher.Form>
  );
}

function FromScratchForm({
  locksmiths,
  onDone,
}: {
  locksmiths: readonly { id: string; name: string }[];
  onDone: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useForm({
    id: "job-new",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useCloseOnSuccess(fetcher, onDone);
  const saving = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      className="grid gap-4"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="intent" value="create" />
      <InputField meta={fields.clientName} label="Client name" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField meta={fields.jobType} label="Job type">
          <option value="">Choose a job type</option>
          {SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SERVICE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField meta={fields.locksmithId} label="Locksmith" hint="Active locksmiths only.">
          <option value="">No locksmith yet</option>
          {locksmiths.map((locksmith) => (
            <option key={locksmith.id} value={locksmith.id}>
              {locksmith.name}
            </option>
          ))}
        </SelectField>
      </div>
      <FormErrorMessage id={form.errorId} errors={form.errors} />
      <FormDialogFooter
        onCancel={onDone}
        pending={saving}
        submitLabel="Create job"
        pendingLabel="Creating..."
      />
    </fetcher.Form>
  );
}
