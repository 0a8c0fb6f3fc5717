import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import { CodesList } from "~/components/admin/dispatch-codes/codes-list";
import { GenerateCodeDialog } from "~/components/admin/dispatch-codes/generate-code-dialog";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DISPATCH_CODE_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS, BUSINESS_SUCCESS, ERROR_TITLE } from "~/lib/business-messages";
import { dispatchCodeFormSchema, dispatchCodeStatusSchema } from "~/lib/business-schemas";
import { formatDateTime } from "~/lib/format";
import { PAGE_SIZE, parseListParams } from "~/lib/pagination";
import { DISPATCH_CODE_STATUS_LABELS } from "~/lib/status-labels";
import { servicesContext } from "~/server/http/context.server";
import {
  createDispatchCode,
  listDispatchCodes,
  setDispatchCodeStatus,
} from "~/server/models/dispatch-codes.server";
import { listNewLeads } from "~/server/models/leads.server";
import { loadOrError } from "~/server/http/load-or-error.server";
import { listActiveLocksmiths } from "~/server/models/locksmiths.server";
import { BusinessRuleError, NotFoundError } from "~/server/models/errors.server";
import { toastHeaders, type ToastInput } from "~/server/http/toast.server";
import type { Route } from "./+types/index";

export const handle = { liveTables: ["dispatch_codes", "leads", "locksmiths"] };

/** The dialog's choices: the spec says a failure there is only logged, never a toast. */
async function helperList<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (cause) {
    console.error(`[dispatch-codes] ${what} failed to load:`, (cause as Error).message);
    return [];
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  const params = parseListParams(new URL(request.url).searchParams, DISPATCH_CODE_STATUSES);
  // One instant for the filter and every row's displayed status.
  const now = new Date();
  const [{ data: page, loadError }, leads, locksmiths] = await Promise.all([
    loadOrError(BUSINESS_ERRORS.loadDispatchCodes, () => listDispatchCodes(db, params, now), {
      rows: [],
      total: 0,
      page: 1,
      pageSize: PAGE_SIZE,
      pageCount: 1,
    }),
    helperList("new leads", () => listNewLeads(db)),
    helperList("active locksmiths", () => listActiveLocksmiths(db)),
  ]);
  return {
    page,
    loadError,
    filtered: Boolean(params.q || params.status),
    leads: leads.map(({ id, displayName, phone }) => ({ id, displayName, phone })),
    locksmiths,
  };
}

const errorToast = (description: string): ToastInput => ({
  type: "error",
  title: ERROR_TITLE,
  description,
});

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(servicesContext).database.db;
  const formData = await request.formData();
  const intent = String(formData.get("intent"));

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: dispatchCodeFormSchema });
    if (submission.status !== "success") {
      return data({ ok: false, result: submission.reply() }, { status: 400 });
    }
    try {
      const created = await createDispatchCode(db, submission.value);
      return data(
        { ok: true, result: submission.reply({ resetForm: true }) },
        {
          headers: await toastHeaders({
            type: "success",
            title: BUSINESS_SUCCESS.dispatchCodeCreated,
            description: `${created.code}, expires ${formatDateTime(created.expirationTime)}.`,
          }),
        },
      );
    } catch (cause) {
      const failed = await toastHeaders(errorToast(BUSINESS_ERRORS.createDispatchCode));
      if (cause instanceof BusinessRuleError) {
        // A taken code, a lead gone or a locksmith made inactive: next to its field.
        const result = cause.field
          ? submission.reply({ fieldErrors: { [cause.field]: [cause.message] } })
          : submission.reply({ formErrors: [cause.message] });
        return data({ ok: false, result }, { status: 409, headers: failed });
      }
      console.error("[dispatch-codes] create failed:", (cause as Error).message);
      return data(
        {
          ok: false,
          result: submission.reply({ formErrors: [BUSINESS_ERRORS.createDispatchCode] }),
        },
        { status: 500, headers: failed },
      );
    }
  }

  if (intent === "status") {
    const parsed = dispatchCodeStatusSchema.safeParse(Object.fromEntries(formData));
    const failed = async (status: number) =>
      data(
        { ok: false },
        { status, headers: await toastHeaders(errorToast(BUSINESS_ERRORS.updateCodeStatus)) },
      );
    if (!parsed.success) return failed(400);
    try {
      const code = await setDispatchCodeStatus(db, parsed.data.codeId, parsed.data.status);
      return data(
        { ok: true },
        {
          headers: await toastHeaders({
            type: "success",
            title: BUSINESS_SUCCESS.codeStatusUpdated,
            description: `${code.code} is now ${DISPATCH_CODE_STATUS_LABELS[code.status]}.`,
          }),
        },
      );
    } catch (cause) {
      if (cause instanceof NotFoundError) return failed(404);
      console.error("[dispatch-codes] status update failed:", (cause as Error).message);
      return failed(500);
    }
  }

  return data({ ok: false }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Dispatch Codes | Admin" }];

const STATUS_OPTIONS = DISPATCH_CODE_STATUSES.map((value) => ({
  value,
  label: DISPATCH_CODE_STATUS_LABELS[value],
}));

export default function DispatchCodesPage({ loaderData }: Route.ComponentProps) {
  const { page, loadError, filtered, leads, locksmiths } = loaderData;
  useLoadErrorToast(loadError);
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="Dispatch Codes"
        description="Codes that send a locksmith to a job. A code past its expiry shows as expired unless it was used."
      >
        <Button onClick={() => setDialogOpen(true)}>
          <Plus aria-hidden="true" />
          Generate Code
        </Button>
      </PageHeader>
      <ListToolbar
        searchLabel="Search dispatch codes"
        searchPlaceholder="Search by code"
        statuses={STATUS_OPTIONS}
      />
      {page.rows.length === 0 ? (
        <Card className="grid justify-items-center gap-3 p-10 text-center text-muted-foreground">
          {loadError ? (
            <p>{loadError}. Reload the page to try again.</p>
          ) : filtered ? (
            <>
              <p>No dispatch codes match this search and filter.</p>
              <Button asChild variant="outline" size="sm">
                <Link to="/admin/dispatch-codes">Clear search and filter</Link>
              </Button>
            </>
          ) : (
            <p>No dispatch codes yet. Use Generate Code to make one.</p>
          )}
        </Card>
      ) : (
        <CodesList rows={page.rows} />
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        totalCapped={page.totalCapped}
      />
      <GenerateCodeDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        leads={leads}
        locksmiths={locksmiths}
      />
    </>
  );
}
