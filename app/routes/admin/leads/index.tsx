import { AddButton, ListPage } from "~/components/admin/data-list/list-page";
import {
  optionsOf,
  PERIOD_FILTER,
  type ListFilter,
} from "~/components/admin/data-list/list-toolbar";
import { useDialogState } from "~/components/admin/dialog-state";
import type { DispatchTarget } from "~/components/admin/leads/dispatch-dialog";
import { LeadDialog } from "~/components/admin/leads/lead-buttons";
import { LeadList } from "~/components/admin/leads/lead-list";
import { LEAD_SOURCES, LEAD_STATUSES } from "~/lib/business-enums";
import { leadDisplayName, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from "~/lib/leads/lead-labels";
import { parseLeadListParams } from "~/lib/admin/lead-list-params";
import { pageSizeFor } from "~/lib/admin/pagination";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { leadActionSchema } from "~/lib/schemas/leads";
import { userActor } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { loadPage } from "~/server/route-helpers/load-or-error.server";
import { withHolders } from "~/server/dispatch/assignments.server";
import { listLeads } from "~/server/leads/leads.server";
import { sourceNameChoices } from "~/server/reports/sources.server";
import { addLeadFromCall } from "~/server/leads/latest-word.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import type { Route } from "./+types/index";
import { leadHandlers, openedExisting } from "./lead-actions.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

export const handle = { liveTables: ["leads", "locksmiths", "assignments"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const params = {
    ...parseLeadListParams(new URL(request.url).searchParams),
    pageSize: pageSizeFor(request.headers),
  };
  // The Dispatch dialog reads its ranked locksmiths when it opens (leads/:id/ranking).
  const [{ data: page, loadError }, sourceNames] = await Promise.all([
    loadPage(FAILURE.loadLeads, async () => withHolders(db, await listLeads(db, params))),
    sourceNameChoices(db).catch(() => [] as string[]),
  ]);
  return { page, loadError, sourceNames };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  return handleIntents(request, leadActionSchema, {
    ...leadHandlers(context),
    create: {
      failure: FAILURE.saveLead,
      form: true,
      run: async ({ intent: _, sourceName, ...typed }) => {
        const taken = await addLeadFromCall(
          db,
          { ...typed, attribution: { sourceName } },
          userActor(context),
          await loadTextContext(db, env),
        );
        if (taken.existed) return openedExisting(taken);
        const added: DispatchTarget = {
          id: taken.lead.id,
          displayName: leadDisplayName(taken.lead.name),
          zip: taken.lead.zip,
          holder: null,
        };
        return { toast: SUCCESS.leadAdded, data: added };
      },
    },
  });
}

const SOURCE_FILTER: ListFilter = {
  name: "source",
  label: "Filter by source",
  allLabel: "All sources",
  options: optionsOf(LEAD_SOURCES, LEAD_SOURCE_LABELS),
};

/** Where leads came from, by name (decision 0039): the named sources and those leads carry. */
function marketingSourceFilter(names: string[]): ListFilter {
  return {
    name: "source_name",
    label: "Filter by marketing source",
    allLabel: "All marketing sources",
    options: names.map((name) => ({ value: name, label: name })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Leads | Admin" }];

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const adding = useDialogState("add-lead");
  return (
    <>
      <ListPage
        title="Leads"
        description="Customer requests from phone calls, the website and the office, newest first."
        actions={<AddButton trigger={adding.trigger()}>Add Lead</AddButton>}
        toolbar={{
          searchLabel: "Search leads",
          searchPlaceholder: "Search by name, phone, service or ZIP",
          statuses: optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS),
          filters: [SOURCE_FILTER, marketingSourceFilter(loaderData.sourceNames), PERIOD_FILTER],
          exportHref: "/admin/leads/export.csv",
        }}
        page={loaderData.page}
        loadError={loaderData.loadError}
        empty={{
          noMatches: "No leads match. Try another search, status or source.",
          nothingYet: "No leads yet. Add one with Add Lead when a customer calls.",
        }}
      >
        {(rows) => <LeadList rows={rows} />}
      </ListPage>
      <LeadDialog
        key={adding.key}
        open={adding.open}
        onOpenChange={adding.setOpen}
        {...adding.address}
        sourceNames={loaderData.sourceNames}
      />
    </>
  );
}
