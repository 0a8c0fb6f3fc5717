import { AddButton, ListPage } from "~/components/admin/data-list/list-page";
import { optionsOf, PERIOD_FILTER } from "~/components/admin/data-list/list-toolbar";
import { useDialogState } from "~/components/admin/dialog-state";
import { JobsList, type JobRow } from "~/components/admin/jobs/jobs-list";
import { JobsSummary } from "~/components/admin/jobs/jobs-summary";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { JOB_STATUSES } from "~/lib/business-enums";
import { shortId } from "~/lib/format";
import { DEFAULT_CUT_PERCENT } from "~/lib/money/job-split";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { formatCents } from "~/lib/money/money";
import { emptyPage } from "~/lib/admin/pagination";
import { parseJobListParams } from "~/lib/admin/job-list-params";
import { pageSizeFor } from "~/lib/admin/pagination";
import { jobActionSchema } from "~/lib/schemas/jobs";
import { JOB_STATUS_LABELS } from "~/lib/status-labels";
import { userActor, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { helperList, loadOrError } from "~/server/route-helpers/load-or-error.server";
import {
  createJob,
  createJobFromLead,
  EMPTY_SUMMARY,
  listJobs,
  type JobListItem,
  setJobStatus,
  summarizeJobs,
} from "~/server/money/jobs.server";
import { listRecentLeadChoices } from "~/server/leads/leads.server";
import { listLocksmithChoices } from "~/server/locksmiths/locksmiths.server";
import { priceJobAsOffice } from "~/server/money/office-pricing.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import type { Route } from "./+types/index";
import { openedJob } from "~/server/route-helpers/job-answers.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import {
  expireStaleSessions,
  keepPayment,
  PAY_LINK_RULE,
  refundOverpayment,
} from "~/server/money/pay-links.server";
import { RuleError } from "~/server/rule-error.server";
import { readNeedsClosingHours } from "~/server/dispatch/needs-closing.server";
import { NEEDS_CLOSING_DEFAULT_HOURS, needsClosingCutoff } from "~/lib/dispatch/needs-closing";
import { openGuaranteeCallback } from "~/server/leads/guarantee-callback.server";
import {
  cancelStalePlan,
  recordInstalmentPaid,
  setPaymentPlan,
} from "~/server/money/payment-plans.server";
import { planDay, PLAN_TEXT } from "~/lib/money/payment-plan";

// Their code loads when first opened (decision 0040).
const NewJobDialog = lazyDialog(() =>
  import("~/components/admin/jobs/new-job-dialog").then((module) => module.NewJobDialog),
);
const EditPricingDialog = lazyDialog(() =>
  import("~/components/admin/jobs/edit-pricing-dialog").then((module) => module.EditPricingDialog),
);

export const handle = { liveTables: ["jobs", "leads", "locksmiths"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const params = {
    ...parseJobListParams(new URL(request.url).searchParams),
    pageSize: pageSizeFor(request.headers),
  };
  const [{ data, loadError }, leads, locksmiths, closingHours] = await Promise.all([
    loadOrError(
      FAILURE.loadJobs,
      async () => {
        const [page, summary] = await Promise.all([
          listJobs(db, params),
          summarizeJobs(db, params),
        ]);
        return { page, summary };
      },
      { page: emptyPage<JobListItem>(), summary: EMPTY_SUMMARY },
    ),
    helperList("recent leads", () => listRecentLeadChoices(db)),
    helperList("locksmiths", () => listLocksmithChoices(db)),
    readNeedsClosingHours(db).catch(() => NEEDS_CLOSING_DEFAULT_HOURS),
  ]);
  return {
    ...data,
    filtered: Boolean(params.q || params.status || params.locksmithId || params.range),
    order: { sort: params.sort, dir: params.dir, dateField: params.dateField },
    loadError,
    leads,
    locksmiths,
    closingCutoff: needsClosingCutoff(new Date(), closingHours).toISOString(),
    canOpenDoorChecks: context.get(userContext).role === "owner",
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env, payLinks } = context.get(servicesContext);
  const db = database.db;
  // A session for the price before (or for a job no longer completed) can no longer be paid.
  const expireSessions = (jobId: string) =>
    payLinks ? expireStaleSessions(db, payLinks, jobId) : Promise.resolve(0);
  return handleIntents(request, jobActionSchema, {
    status: {
      failure: FAILURE.updateJobStatus,
      run: async ({ jobId, status }) => {
        await setJobStatus(db, jobId, status, userActor(context), await loadTextContext(db, env));
        const planCancelled = await cancelStalePlan(db, jobId);
        await expireSessions(jobId);
        return {
          toast: {
            title: SUCCESS.jobStatusUpdated,
            description: `Now ${JOB_STATUS_LABELS[status]}.${planCancelled ? ` ${PLAN_TEXT.cancelled}` : ""}`,
          },
        };
      },
    },
    create: {
      failure: FAILURE.createJob,
      form: true,
      run: async ({ intent: _, ...job }) =>
        jobCreated(await createJob(db, job, userActor(context))),
    },
    "create-from-lead": {
      failure: FAILURE.createJob,
      form: true,
      run: async ({ leadId }) => {
        const { job, existed } = await createJobFromLead(db, leadId, userActor(context));
        return existed ? openedJob(job, true) : jobCreated(job);
      },
    },
    "refund-payment": {
      failure: FAILURE.refundPayment,
      run: async ({ jobId }) => {
        if (!payLinks) throw new RuleError(PAY_LINK_RULE.unavailable);
        const refunds = await refundOverpayment(
          db,
          payLinks,
          jobId,
          userActor(context),
          await loadTextContext(db, env),
        );
        const cents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        return {
          toast: {
            title: SUCCESS.refundMade,
            description: `${formatCents(cents)} goes back to the customer's card.`,
          },
        };
      },
    },
    "keep-payment": {
      failure: FAILURE.keepPayment,
      run: async ({ paymentId }) => {
        await keepPayment(db, paymentId, userActor(context));
        return { toast: { title: SUCCESS.paymentKept } };
      },
    },
    "payment-plan": {
      failure: FAILURE.savePaymentPlan,
      form: true,
      run: async ({ jobId, plan }) => {
        const rows = await setPaymentPlan(db, jobId, plan, userActor(context));
        // A plan replaced: the old plan's open sessions can no longer be paid.
        await expireSessions(jobId);
        return {
          toast: {
            title: SUCCESS.paymentPlanSaved,
            description: `${rows.length} instalments: ${rows.map((row) => `${planDay(row.dueOn)} ${formatCents(row.amountCents)}`).join(", ")}.`,
          },
        };
      },
    },
    "instalment-paid": {
      failure: FAILURE.recordInstalment,
      run: async ({ instalmentId, method }) => {
        const paid = await recordInstalmentPaid(db, instalmentId, method, userActor(context));
        // Its card session, if the customer opened one, can no longer be paid.
        await expireSessions(paid.jobId);
        return {
          toast: {
            title: SUCCESS.instalmentRecorded,
            description: `Instalment ${paid.number}: ${formatCents(paid.amountCents)} by ${method}.`,
          },
        };
      },
    },
    "guarantee-callback": {
      failure: FAILURE.openGuaranteeCallback,
      run: async ({ jobId }) => {
        const { lead, existed } = await openGuaranteeCallback(db, jobId, userActor(context));
        return {
          redirectTo: `/admin/leads/${lead.id}`,
          toast: existed
            ? {
                type: "info" as const,
                title: "This job already has an open guarantee call-back",
                description: `Lead ${shortId(lead.id)}.`,
              }
            : {
                title: SUCCESS.guaranteeCallbackOpened,
                description: `Lead ${shortId(lead.id)}: dispatch it as any lead. The work is free unless the customer approves a quote.`,
              },
        };
      },
    },
    pricing: {
      failure: FAILURE.savePricing,
      form: true,
      run: async ({ jobId, finalPrice, theirCutPercent }) => {
        const pricing = { finalPriceCents: finalPrice, theirCutPercent };
        const texts = await loadTextContext(db, context.get(servicesContext).env);
        const priced = await priceJobAsOffice(db, jobId, pricing, userActor(context), texts);
        if (priced.kind === "waiting") {
          return {
            toast: {
              title: SUCCESS.priceWaitsForCustomer,
              description: `${formatCents(priced.quote.amountCents)} is above the quote the customer approved: they were texted to approve it, and the price stays as it was until they do.`,
            },
          };
        }
        const { job } = priced;
        const planCancelled = await cancelStalePlan(db, jobId);
        await expireSessions(jobId);
        return {
          toast: {
            title: SUCCESS.pricingSaved,
            description: `${formatCents(job.finalPriceCents ?? 0)}: locksmith ${formatCents(job.theirCutCents ?? 0)}, you ${formatCents(job.yourCutCents ?? 0)}.${planCancelled ? ` ${PLAN_TEXT.cancelled}` : ""}`,
          },
        };
      },
    },
  });
}

const jobCreated = (job: { id: string; clientName: string }) => ({
  toast: {
    title: SUCCESS.jobCreated,
    description: `Job ${shortId(job.id)} for ${job.clientName}.`,
  },
});

export const meta: Route.MetaFunction = () => [{ title: "Jobs | Admin" }];

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { page, summary, filtered, order, loadError, leads, locksmiths } = loaderData;
  const newJob = useDialogState("new-job");
  const pricing = useDialogState<JobRow>("pricing", (id) => page.rows.find((row) => row.id === id));
  // The row as it is now: a live reload keeps the dialog on the same job's fresh data.
  const pricingJob = page.rows.find((row) => row.id === pricing.item?.id) ?? pricing.item;
  return (
    <>
      <ListPage
        title="Jobs"
        description="Track jobs, their pricing and the split between you and the locksmith."
        actions={<AddButton trigger={newJob.trigger()}>New Job</AddButton>}
        // Zeros would be a lie when the jobs could not be read.
        summary={!loadError && <JobsSummary summary={summary} filtered={filtered} />}
        toolbar={{
          searchLabel: "Search jobs",
          searchPlaceholder: "Search by client, job type or job ID",
          statuses: optionsOf(JOB_STATUSES, JOB_STATUS_LABELS),
          filters: [
            {
              name: "locksmith",
              label: "Filter by locksmith",
              allLabel: "All locksmiths",
              options: locksmiths.map((locksmith) => ({
                value: locksmith.id,
                label: locksmith.active ? locksmith.name : `${locksmith.name} (inactive)`,
              })),
            },
            PERIOD_FILTER,
            {
              name: "date",
              label: "Which date",
              allLabel: "Created date",
              options: [{ value: "completed", label: "Completed date" }],
            },
          ],
          exportHref: "/admin/jobs/export.csv",
        }}
        page={page}
        loadError={loadError}
        empty={{
          noMatches: "No jobs match this search and filter.",
          nothingYet: "No jobs yet. Use New Job to start one from a lead or from scratch.",
        }}
      >
        {(rows) => (
          <JobsList
            rows={rows}
            pricingTrigger={(job) => pricing.trigger(job, job.id)}
            order={order}
            closingCutoff={loaderData.closingCutoff}
            canOpenDoorChecks={loaderData.canOpenDoorChecks}
          />
        )}
      </ListPage>
      <NewJobDialog
        key={newJob.key}
        open={newJob.open}
        onOpenChange={newJob.setOpen}
        {...newJob.address}
        leads={leads}
        locksmiths={locksmiths.filter((locksmith) => locksmith.active)}
      />
      <EditPricingDialog
        open={pricing.open}
        onOpenChange={pricing.setOpen}
        {...pricing.address}
        job={pricingJob}
        defaultCutPercent={pricingJob?.locksmithDefaultCutPercent ?? DEFAULT_CUT_PERCENT}
      />
    </>
  );
}
