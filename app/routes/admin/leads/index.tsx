import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data, useSearchParams } from "react-router";
import { LeadDialog } from "~/components/admin/leads/lead-dialog";
import { LeadList } from "~/components/admin/leads/lead-list";
import { ListToolbar, type ListFilter } from "~/components/admin/list-toolbar";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { AssignableLocksmith } from "~/lib/assign-order";
import { LEAD_SOURCES, LEAD_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS, BUSINESS_SUCCESS, ERROR_TITLE } from "~/lib/business-messages";
import {
  jobFromLeadSchema,
  leadAssignSchema,
  leadFormSchema,
  leadStatusSchema,
} from "~/lib/business-schemas";
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import { parseLeadListParams } from "~/lib/lead-list-params";
import { PAGE_SIZE } from "~/lib/pagination";
import { servicesContext } from "~/server/http/context.server";
import { createJobFromLead } from "~/server/models/jobs.server";
import { assignLead, createLead, listLeads, setLeadStatus } from "~/server/models/leads.server";
import { loadOrError } from "~/server/http/load-or-error.server";
import { listLocksmiths } from "~/server/models/locksmiths.server";
import { BusinessRuleError, NotFoundError } from "~/server/models/errors.server";
import { redirectWithToast, toastHeaders, type ToastInput } from "~/server/http/toast.server";
import type { Route } from "./+types/index";

export const handle = { liveTables: ["leads", "locksmiths"] };

/** More active locksmiths than this would not fit a select anyway. */
const MAX_ASSIGNABLE = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const params = parseLeadListParams(new URL(request.url).searchParams);
  const [{ data: page, loadError }, locksmiths] = await Promise.all([
    loadOrError(BUSINESS_ERRORS.loadLeads, () => listLeads(database.db, params), {
      rows: [],
      total: 0,
      page: 1,
      pageSize: PAGE_SIZE,
      pageCount: 1,
    }),
    // One query for every row's assign select (ordered per lead in the browser). A helper
    // list that fails is only logged (the spec): the selects then offer nobody.
    listLocksmiths(database.db, { status: "active", pageSize: MAX_ASSIGNABLE })
      .then(({ rows }): AssignableLocksmith[] =>
        rows.map(({ id, name, assignedZips }) => ({ id, name, assignedZips })),
      )
      .catch((cause: unknown): AssignableLocksmith[] => {
        console.error("[leads] active locksmiths failed to load:", (cause as Error).message);
        return [];
      }),
  ]);
  // A phone says so (Chromium's Sec-CH-UA-Mobile, sent unasked): its column is always
  // narrower than a table's, so the page carries the cards alone, half the HTML.
  const firstLayout = request.headers.get("sec-ch-ua-mobile") === "?1" ? "cards" : "both";
  return { page, locksmiths, loadError, firstLayout } as const;
}

const error = (description: string): ToastInput => ({
  type: "error",
  title: ERROR_TITLE,
  description,
});

/** The spec's message, plus the model's reason when a business rule said no. */
function failure(message: string, cause: unknown): string {
  return cause instanceof BusinessRuleError || cause instanceof NotFoundError
    ? `${message}: ${cause.message}`
    : message;
}

function logUnexpected(what: string, cause: unknown) {
  if (!(cause instanceof BusinessRuleError || cause instanceof NotFoundError))
    console.error(`[leads] ${what} failed:`, (cause as Error).message);
}

const statusOf = (cause: unknown) =>
  cause instanceof NotFoundError ? 404 : cause instanceof BusinessRuleError ? 409 : 500;

export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(servicesContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: leadFormSchema });
    if (submission.status !== "success")
      return data({ ok: false, result: submission.reply() }, { status: 400 });
    try {
      await createLead(database.db, { ...submission.value, source: "manual" });
    } catch (cause) {
      logUnexpected("save", cause);
      return data(
        { ok: false, result: submission.reply({ formErrors: [BUSINESS_ERRORS.saveLead] }) },
        { status: 500, headers: await toastHeaders(error(BUSINESS_ERRORS.saveLead)) },
      );
    }
    return data(
      { ok: true, result: submission.reply({ resetForm: true }) },
      { headers: await toastHeaders({ type: "success", title: BUSINESS_SUCCESS.leadAdded }) },
    );
  }

  if (intent === "status") {
    const parsed = leadStatusSchema.safeParse({
      leadId: formData.get("leadId"),
      status: formData.get("status"),
    });
    if (!parsed.success)
      return data(
        { ok: false },
        { status: 400, headers: await toastHeaders(error(BUSINESS_ERRORS.updateLeadStatus)) },
      );
    try {
      await setLeadStatus(database.db, parsed.data.leadId, parsed.data.status);
    } catch (cause) {
      logUnexpected("status", cause);
      return data(
        { ok: false },
        {
          status: statusOf(cause),
          headers: await toastHeaders(error(failure(BUSINESS_ERRORS.updateLeadStatus, cause))),
        },
      );
    }
    return data(
      { ok: true },
      {
        headers: await toastHeaders({
          type: "success",
          title: BUSINESS_SUCCESS.leadStatusUpdated,
          description: `Now ${LEAD_STATUS_LABELS[parsed.data.status]}.`,
        }),
      },
    );
  }

  if (intent === "assign") {
    const parsed = leadAssignSchema.safeParse({
      leadId: formData.get("leadId"),
      locksmithId: formData.get("locksmithId"),
    });
    if (!parsed.success)
      return data(
        { ok: false },
        { status: 400, headers: await toastHeaders(error(BUSINESS_ERRORS.assignLead)) },
      );
    try {
      await assignLead(database.db, parsed.data.leadId, parsed.data.locksmithId);
    } catch (cause) {
      logUnexpected("assign", cause);
      return data(
        { ok: false },
        {
          status: statusOf(cause),
          headers: await toastHeaders(error(failure(BUSINESS_ERRORS.assignLead, cause))),
        },
      );
    }
    return data(
      { ok: true },
      {
        headers: await toastHeaders({
          type: "success",
          title: BUSINESS_SUCCESS.leadAssigned,
          description: "The lead is now In Progress.",
        }),
      },
    );
  }

  if (intent === "create-job") {
    const parsed = jobFromLeadSchema.safeParse({ leadId: formData.get("leadId") });
    if (!parsed.success)
      return data(
        { ok: false },
        { status: 400, headers: await toastHeaders(error("Failed to create job")) },
      );
    try {
      const job = await createJobFromLead(database.db, parsed.data.leadId);
      // The Jobs search matches ids by substring: the short id finds exactly this job.
      return redirectWithToast(`/admin/jobs?q=${job.id.slice(0, 8)}`, {
        type: "success",
        title: "Job created",
        description: `${job.clientName} · ${SERVICE_TYPE_LABELS[job.jobType]}`,
      });
    } catch (cause) {
      logUnexpected("create job", cause);
      return data(
        { ok: false },
        {
          status: statusOf(cause),
          headers: await toastHeaders(error(failure("Failed to create job", cause))),
        },
      );
    }
  }

  return data({ ok: false }, { status: 400 });
}

const SOURCE_FILTER: ListFilter = {
  name: "source",
  label: "Filter by source",
  allLabel: "All sources",
  options: LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] })),
};

export const meta: Route.MetaFunction = () => [{ title: "Leads | Admin" }];

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { page, locksmiths, loadError, firstLayout } = loaderData;
  useLoadErrorToast(loadError);
  const [params] = useSearchParams();
  const filtered = Boolean(params.get("q") || params.get("status") || params.get("source"));
  const [dialogOpen, setDialogOpen] = useState(false);
  // A blank form on every opening.
  const [opened, setOpened] = useState(0);

  return (
    <>
      <PageHeader
        title="Leads"
        description="Customer requests from phone calls, the website and the office, newest first."
      >
        <Button
          onClick={() => {
            setOpened((count) => count + 1);
            setDialogOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          Add Lead
        </Button>
      </PageHeader>
      <ListToolbar
        searchLabel="Search leads"
        searchPlaceholder="Search by name, phone, service or ZIP"
        statuses={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
        filters={[SOURCE_FILTER]}
        exportHref="/admin/leads/export.csv"
      />
      {page.rows.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">
          {loadError ??
            (filtered
              ? "No leads match. Try another search, status or source."
              : "No leads yet. Add one with Add Lead when a customer calls.")}
        </Card>
      ) : (
        <LeadList rows={page.rows} locksmiths={locksmiths} firstLayout={firstLayout} />
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        totalCapped={page.totalCapped}
      />
      <LeadDialog key={opened} open={dialogOpen} onOpenChange={setDialogOpen} />
    </>
  );
}
