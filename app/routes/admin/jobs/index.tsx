import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import { EditPricingDialog } from "~/components/admin/jobs/edit-pricing-dialog";
import { JobsList, type JobRow } from "~/components/admin/jobs/jobs-list";
import { JobsSummary } from "~/components/admin/jobs/jobs-summary";
import { NewJobDialog } from "~/components/admin/jobs/new-job-dialog";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { JOB_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS, BUSINESS_SUCCESS, ERROR_TITLE } from "~/lib/business-messages";
import {
  jobFormSchema,
  jobFromLeadSchema,
  jobPricingSchema,
  jobStatusSchema,
} from "~/lib/business-schemas";
import { DEFAULT_CUT_PERCENT } from "~/lib/job-split";
import { formatCents } from "~/lib/money";
import { PAGE_SIZE, parseListParams } from "~/lib/pagination";
import { JOB_STATUS_LABELS } from "~/lib/status-labels";
import { servicesContext } from "~/server/http/context.server";
import {
  createJob,
  createJobFromLead,
  listJobs,
  setJobPricing,
  setJobStatus,
  summarizeJobs,
} from "~/server/models/jobs.server";
import { listLeads } from "~/server/models/leads.server";
import { loadOrError } from "~/server/http/load-or-error.server";
import { listActiveLocksmiths } from "~/server/models/locksmiths.server";
import { BusinessRuleError, NotFoundError } from "~/server/models/errors.server";
import { toastHeaders, type ToastInput } from "~/server/http/toast.server";
import type { Route } from "./+types/index";

export const handle = { liveTables: ["jobs", "leads", "locksmiths"] };

/** How many recent leads the New Job dialog offers. */
const RECENT_LEADS = 50;

const EMPTY_SUMMARY = {
  jobs: 0,
  pricedJobs: 0,
  totalRevenueCents: 0,
  yourEarningsCents: 0,
  locksmithPaymentsCents: 0,
};

/**
 * A helper list for a dialog: the spec says a failure there is only logged, so the page
 * still shows (the dialog just offers less).
 */
async function helperList<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (cause) {
    console.error(`[jobs] ${what} failed to load:`, (cause as Error).message);
    return [];
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const db = database.db;
  const params = parseListParams(new URL(request.url).searchParams, JOB_STATUSES);
  const { data: jobsData, loadError } = await loadOrError(
    BUSINESS_ERRORS.loadJobs,
    async () => {
      const [page, summary] = await Promise.all([
        listJobs(db, params),
        summarizeJobs(db, { q: params.q, status: params.status }),
      ]);
      return { page, summary };
    },
    {
      page: { rows: [], total: 0, page: 1, pageSize: PAGE_SIZE, pageCount: 1 },
      summary: EMPTY_SUMMARY,
    },
  );

  const [leads, locksmiths] = await Promise.all([
    helperList("recent leads", async () => {
      const recent = await listLeads(db, { page: 1, pageSize: RECENT_LEADS });
      return recent.rows.map((lead) => ({
        id: lead.id,
        displayName: lead.displayName,
        phone: lead.phone,
        serviceType: lead.serviceType,
        status: lead.status,
        assignedLocksmithName: lead.assignedLocksmithName,
        createdAt: lead.createdAt,
      }));
    }),
    helperList("active locksmiths", () => listActiveLocksmiths(db)),
  ]);

  return {
    ...jobsData,
    filtered: Boolean(params.q || params.status),
    loadError,
    leads,
    locksmiths,
  };
}

const errorToast = (description: string): ToastInput => ({
  type: "error",
  title: ERROR_TITLE,
  description,
});

/** Not in the spec's catalogue (it does not show how jobs are made or priced). */
const JOB_MESSAGES = {
  created: "Job created",
  createFailed: "Failed to create job",
  pricingSaved: "Pricing saved",
  pricingFailed: "Failed to save pricing",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(servicesContext).database.db;
  const formData = await request.formData();
  const intent = String(formData.get("intent"));

  if (intent === "status") {
    const parsed = jobStatusSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data(
        { ok: false },
        { status: 400, headers: await toastHeaders(errorToast(BUSINESS_ERRORS.updateJobStatus)) },
      );
    }
    try {
      await setJobStatus(db, parsed.data.jobId, parsed.data.status);
    } catch (cause) {
      const notFound = cause instanceof NotFoundError;
      if (!notFound) console.error("[jobs] status update failed:", (cause as Error).message);
      return data(
        { ok: false },
        {
          status: notFound ? 404 : 500,
          headers: await toastHeaders(errorToast(BUSINESS_ERRORS.updateJobStatus)),
        },
      );
    }
    return data(
      { ok: true },
      {
        headers: await toastHeaders({
          type: "success",
          title: BUSINESS_SUCCESS.jobStatusUpdated,
          description: `Now ${JOB_STATUS_LABELS[parsed.data.status]}.`,
        }),
      },
    );
  }

  if (intent === "create-from-lead" || intent === "create") {
    const submission =
      intent === "create"
        ? parseWithZod(formData, { schema: jobFormSchema })
        : parseWithZod(formData, { schema: jobFromLeadSchema });
    if (submission.status !== "success") {
      return data({ ok: false, result: submission.reply() }, { status: 400 });
    }
    try {
      const job =
        "clientName" in submission.value
          ? await createJob(db, submission.value)
          : await createJobFromLead(db, submission.value.leadId);
      return data(
        { ok: true, result: submission.reply({ resetForm: true }) },
        {
          headers: await toastHeaders({
            type: "success",
            title: JOB_MESSAGES.created,
            description: `Job ${job.id.slice(0, 8)} for ${job.clientName}.`,
          }),
        },
      );
    } catch (cause) {
      if (cause instanceof BusinessRuleError && cause.field) {
        // The form's lists were stale: the locksmith made inactive, the lead gone.
        return data(
          {
            ok: false,
            result: submission.reply({ fieldErrors: { [cause.field]: [cause.message] } }),
          },
          { status: 409, headers: await toastHeaders(errorToast(JOB_MESSAGES.createFailed)) },
        );
      }
      if (cause instanceof NotFoundError) {
        // The lead a job is made from was deleted meanwhile: say so next to the field.
        return data(
          { ok: false, result: submission.reply({ fieldErrors: { leadId: [cause.message] } }) },
          { status: 404, headers: await toastHeaders(errorToast(JOB_MESSAGES.createFailed)) },
        );
      }
      console.error("[jobs] create failed:", (cause as Error).message);
      return data(
        { ok: false, result: submission.reply({ formErrors: [JOB_MESSAGES.createFailed] }) },
        { status: 500, headers: await toastHeaders(errorToast(JOB_MESSAGES.createFailed)) },
      );
    }
  }

  if (intent === "pricing") {
    const submission = parseWithZod(formData, { schema: jobPricingSchema });
    if (submission.status !== "success") {
      return data({ ok: false, result: submission.reply() }, { status: 400 });
    }
    const { jobId, ...pricing } = submission.value;
    try {
      const job = await setJobPricing(db, jobId, pricing);
      return data(
        { ok: true, result: submission.reply({ resetForm: true }) },
        {
          headers: await toastHeaders({
            type: "success",
            title: JOB_MESSAGES.pricingSaved,
            description: `${formatCents(job.finalPriceCents ?? 0)}: locksmith ${formatCents(job.theirCutCents ?? 0)}, you ${formatCents(job.yourCutCents ?? 0)}.`,
          }),
        },
      );
    } catch (cause) {
      if (cause instanceof BusinessRuleError && cause.field) {
        return data(
          {
            ok: false,
            result: submission.reply({ fieldErrors: { [cause.field]: [cause.message] } }),
          },
          { status: 400, headers: await toastHeaders(errorToast(JOB_MESSAGES.pricingFailed)) },
        );
      }
      const notFound = cause instanceof NotFoundError;
      if (!notFound) console.error("[jobs] pricing failed:", (cause as Error).message);
      const message = notFound ? "This job was deleted." : JOB_MESSAGES.pricingFailed;
      return data(
        { ok: false, result: submission.reply({ formErrors: [message] }) },
        {
          status: notFound ? 404 : 500,
          headers: await toastHeaders(errorToast(JOB_MESSAGES.pricingFailed)),
        },
      );
    }
  }

  return data({ ok: false }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Jobs | Admin" }];

const STATUS_OPTIONS = JOB_STATUSES.map((value) => ({ value, label: JOB_STATUS_LABELS[value] }));

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { page, summary, filtered, loadError, leads, locksmiths } = loaderData;
  useLoadErrorToast(loadError);
  const [newJobOpen, setNewJobOpen] = useState(false);
  const [pricingOpen, setPricingOpen] = useState(false);
  const [pricing, setPricing] = useState<JobRow | undefined>();
  // The row as it is now: a live reload keeps the dialog on the same job's fresh data.
  const pricingJob = (pricing && page.rows.find((row) => row.id === pricing.id)) ?? pricing;
  const defaultCut = pricingJob?.locksmithDefaultCutPercent ?? DEFAULT_CUT_PERCENT;

  return (
    <>
      <PageHeader
        title="Jobs"
        description="Track jobs, their pricing and the split between you and the locksmith."
      >
        <Button onClick={() => setNewJobOpen(true)}>
          <Plus aria-hidden="true" />
          New Job
        </Button>
      </PageHeader>
      {/* Zeros would be a lie when the jobs could not be read. */}
      {!loadError && <JobsSummary summary={summary} filtered={filtered} />}
      <ListToolbar
        searchLabel="Search jobs"
        searchPlaceholder="Search by client, job type or job ID"
        statuses={STATUS_OPTIONS}
        exportHref="/admin/jobs/export.csv"
      />
      {page.rows.length === 0 ? (
        <Card className="grid justify-items-center gap-3 p-10 text-center text-muted-foreground">
          {loadError ? (
            <p>{loadError}. Reload the page to try again.</p>
          ) : filtered ? (
            <>
              <p>No jobs match this search and filter.</p>
              <Button asChild variant="outline" size="sm">
                <Link to="/admin/jobs">Clear search and filter</Link>
              </Button>
            </>
          ) : (
            <p>No jobs yet. Use New Job to start one from a lead or from scratch.</p>
          )}
        </Card>
      ) : (
        <JobsList
          rows={page.rows}
          onEditPricing={(job) => {
            setPricing(job);
            setPricingOpen(true);
          }}
        />
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        totalCapped={page.totalCapped}
      />
      <NewJobDialog
        open={newJobOpen}
        onOpenChange={setNewJobOpen}
        leads={leads}
        locksmiths={locksmiths}
      />
      <EditPricingDialog
        open={pricingOpen}
        onOpenChange={setPricingOpen}
        job={pricingJob}
        defaultCutPercent={defaultCut}
      />
    </>
  );
}
