import { AddButton, ListPage } from "~/components/admin/data-list/list-page";
import { optionsOf } from "~/components/admin/data-list/list-toolbar";
import { CodesList } from "~/components/admin/dispatch-codes/codes-list";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { useDialogState } from "~/components/admin/dialog-state";
import { DISPATCH_CODE_STATUSES } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { pageSizeFor, parseListParams } from "~/lib/admin/pagination";
import { dispatchCodeActionSchema } from "~/lib/schemas/dispatch-codes";
import { DISPATCH_CODE_STATUS_LABELS } from "~/lib/status-labels";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { helperList, loadPage } from "~/server/route-helpers/load-or-error.server";
import {
  createDispatchCode,
  listDispatchCodes,
  setDispatchCodeStatus,
} from "~/server/dispatch/dispatch-codes.server";
import { listOpenLeads } from "~/server/leads/leads.server";
import { listActiveLocksmiths } from "~/server/locksmiths/locksmiths.server";
import type { Route } from "./+types/index";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

// Its code (form, schema, Conform) loads when first opened (decision 0040).
const GenerateCodeDialog = lazyDialog(() =>
  import("~/components/admin/dispatch-codes/generate-code-dialog").then(
    (module) => module.GenerateCodeDialog,
  ),
);

export const handle = { liveTables: ["dispatch_codes", "leads", "locksmiths"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const params = {
    ...parseListParams(new URL(request.url).searchParams, DISPATCH_CODE_STATUSES),
    pageSize: pageSizeFor(request.headers),
  };
  // One instant for the filter and every row's displayed status.
  const now = new Date();
  const [{ data: page, loadError }, leads, locksmiths] = await Promise.all([
    loadPage(FAILURE.loadDispatchCodes, () => listDispatchCodes(db, params, now)),
    helperList("open leads", () => listOpenLeads(db)),
    helperList("active locksmiths", () => listActiveLocksmiths(db)),
  ]);
  return { page, loadError, leads, locksmiths };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext).database;
  return handleIntents(request, dispatchCodeActionSchema, {
    create: {
      failure: FAILURE.createDispatchCode,
      form: true,
      run: async ({ intent: _, ...code }) => {
        const created = await createDispatchCode(db, code, userActor(context));
        return {
          toast: {
            title: SUCCESS.dispatchCodeCreated,
            description: `${created.code}, expires ${formatDateTime(created.expirationTime)}.`,
          },
        };
      },
    },
    status: {
      failure: FAILURE.updateCodeStatus,
      run: async ({ codeId, status }) => {
        const code = await setDispatchCodeStatus(db, codeId, status, userActor(context));
        return {
          toast: {
            title: SUCCESS.codeStatusUpdated,
            description: `${code.code} is now ${DISPATCH_CODE_STATUS_LABELS[code.status]}.`,
          },
        };
      },
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Dispatch Codes | Admin" }];

export default function DispatchCodesPage({ loaderData }: Route.ComponentProps) {
  const generate = useDialogState("generate-code");
  return (
    <>
      <ListPage
        title="Dispatch Codes"
        description="Codes that send a locksmith to a job. A code past its expiry shows as expired unless it was used."
        actions={<AddButton trigger={generate.trigger()}>Generate Code</AddButton>}
        toolbar={{
          searchLabel: "Search dispatch codes",
          searchPlaceholder: "Search by code",
          statuses: optionsOf(DISPATCH_CODE_STATUSES, DISPATCH_CODE_STATUS_LABELS),
        }}
        page={loaderData.page}
        loadError={loaderData.loadError}
        empty={{
          noMatches: "No dispatch codes match this search and filter.",
          nothingYet: "No dispatch codes yet. Use Generate Code to make one.",
        }}
      >
        {(rows) => <CodesList rows={rows} />}
      </ListPage>
      <GenerateCodeDialog
        key={generate.key}
        open={generate.open}
        onOpenChange={generate.setOpen}
        {...generate.address}
        leads={loaderData.leads}
        locksmiths={loaderData.locksmiths}
      />
    </>
  );
}
