import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { useState } from "react";
import { data, useSearchParams } from "react-router";
import { ListToolbar } from "~/components/admin/list-toolbar";
import {
  LocksmithDialog,
  type LocksmithDraft,
} from "~/components/admin/locksmiths/locksmith-dialog";
import { LocksmithList } from "~/components/admin/locksmiths/locksmith-list";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LOCKSMITH_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS, BUSINESS_SUCCESS, ERROR_TITLE } from "~/lib/business-messages";
import { locksmithFormSchema, locksmithToggleSchema } from "~/lib/business-schemas";
import { PAGE_SIZE, parseListParams } from "~/lib/pagination";
import { LOCKSMITH_STATUS_LABELS } from "~/lib/status-labels";
import { servicesContext } from "~/server/http/context.server";
import { loadOrError } from "~/server/http/load-or-error.server";
import {
  createLocksmith,
  getLocksmith,
  listLocksmiths,
  toggleLocksmithActive,
  updateLocksmith,
} from "~/server/models/locksmiths.server";
import { NotFoundError } from "~/server/models/errors.server";
import { toastHeaders, type ToastInput } from "~/server/http/toast.server";
import type { Route } from "./+types/index";

export const handle = { liveTables: ["locksmiths"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const params = parseListParams(new URL(request.url).searchParams, LOCKSMITH_STATUSES);
  const { data: page, loadError } = await loadOrError(
    BUSINESS_ERRORS.loadLocksmiths,
    () => listLocksmiths(database.db, params),
    { rows: [], total: 0, page: 1, pageSize: PAGE_SIZE, pageCount: 1 },
  );
  return { page, loadError };
}

const error = (description: string): ToastInput => ({
  type: "error",
  title: ERROR_TITLE,
  description,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(servicesContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));

  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: locksmithFormSchema });
    if (submission.status !== "success")
      return data({ ok: false, result: submission.reply() }, { status: 400 });
    // The form has no Active field: a new locksmith starts active, an edit keeps the state.
    const { active: _ignored, ...fields } = submission.value;
    try {
      if (intent === "create") {
        await createLocksmith(database.db, fields);
      } else {
        await updateLocksmith(database.db, String(formData.get("id") ?? ""), fields);
      }
    } catch (cause) {
      const notFound = cause instanceof NotFoundError;
      if (!notFound) console.error("[locksmiths] save failed:", (cause as Error).message);
      return data(
        {
          ok: false,
          result: submission.reply({
            formErrors: [notFound ? "This locksmith was deleted." : BUSINESS_ERRORS.saveLocksmith],
          }),
        },
        {
          status: notFound ? 404 : 500,
          headers: await toastHeaders(error(BUSINESS_ERRORS.saveLocksmith)),
        },
      );
    }
    const title =
      intent === "create" ? BUSINESS_SUCCESS.locksmithAdded : BUSINESS_SUCCESS.locksmithUpdated;
    return data(
      { ok: true, result: submission.reply({ resetForm: true }) },
      { headers: await toastHeaders({ type: "success", title }) },
    );
  }

  if (intent === "toggle") {
    const parsed = locksmithToggleSchema.safeParse({ locksmithId: formData.get("locksmithId") });
    if (!parsed.success)
      return data(
        { ok: false },
        { status: 400, headers: await toastHeaders(error(BUSINESS_ERRORS.updateLocksmithStatus)) },
      );
    const wanted = formData.get("active");
    try {
      const current = await getLocksmith(database.db, parsed.data.locksmithId);
      if (!current) throw new NotFoundError("Locksmith not found");
      // The button asks for a state ("click to deactivate"); when another tab or user got
      // there first, flipping again would undo their change, so only move toward it.
      const active =
        (wanted === "true" || wanted === "false") && current.active === (wanted === "true")
          ? current.active
          : (await toggleLocksmithActive(database.db, current.id)).active;
      return data(
        { ok: true },
        {
          headers: await toastHeaders({
            type: "success",
            title: active
              ? BUSINESS_SUCCESS.locksmithActivated
              : BUSINESS_SUCCESS.locksmithDeactivated,
          }),
        },
      );
    } catch (cause) {
      const notFound = cause instanceof NotFoundError;
      if (!notFound) console.error("[locksmiths] toggle failed:", (cause as Error).message);
      return data(
        { ok: false },
        {
          status: notFound ? 404 : 500,
          headers: await toastHeaders(error(BUSINESS_ERRORS.updateLocksmithStatus)),
        },
      );
    }
  }

  return data({ ok: false }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Locksmiths | Admin" }];

export default function LocksmithsPage({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const [params] = useSearchParams();
  const filtered = Boolean(params.get("q") || params.get("status"));
  const [editing, setEditing] = useState<LocksmithDraft | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  // A fresh form on every opening, so it shows the row as it is now (after live updates).
  const [opened, setOpened] = useState(0);
  const openEditor = (locksmith?: LocksmithDraft) => {
    setEditing(locksmith);
    setOpened((count) => count + 1);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Locksmiths"
        description="Your roster. Click a status to switch a locksmith between Active and Inactive."
      >
        <Button onClick={() => openEditor(undefined)}>
          <Plus aria-hidden="true" />
          Add Locksmith
        </Button>
      </PageHeader>
      <ListToolbar
        searchLabel="Search locksmiths"
        searchPlaceholder="Search by name, phone or email"
        statuses={LOCKSMITH_STATUSES.map((value) => ({
          value,
          label: LOCKSMITH_STATUS_LABELS[value],
        }))}
      />
      {page.rows.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">
          {loadError ??
            (filtered
              ? "No locksmiths match. Try another search or status."
              : "No locksmiths yet. Add the first one with Add Locksmith.")}
        </Card>
      ) : (
        <LocksmithList rows={page.rows} onEdit={openEditor} />
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        totalCapped={page.totalCapped}
      />
      <LocksmithDialog
        key={`${editing?.id ?? "new"}-${opened}`}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        locksmith={editing}
      />
    </>
  );
}
