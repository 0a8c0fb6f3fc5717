import { useState } from "react";
import { CallLogList } from "~/components/admin/call-logs/call-log-list";
import { CallLogStats as StatCards } from "~/components/admin/call-logs/call-log-stats";
import type { CallLogView } from "~/components/admin/call-logs/call-log-view";
import { NowPlaying } from "~/components/admin/call-logs/recording-controls";
import { ListPage } from "~/components/admin/data-list/list-page";
import { optionsOf, PERIOD_FILTER } from "~/components/admin/data-list/list-toolbar";
import { searchRange } from "~/lib/time/chicago-period";
import { useDialogState } from "~/components/admin/dialog-state";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { CALL_STATUSES } from "~/lib/business-enums";
import { FAILURE } from "~/lib/ui-text";
import { emptyPage, pageSizeFor, parseListParams, type Page } from "~/lib/admin/pagination";
import { CALL_STATUS_LABELS } from "~/lib/status-labels";
import type { CallLog } from "~/server/db/business-tables.server";
import { callLogStats, listCallLogs, type CallLogStats } from "~/server/phones/call-logs.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { loadOrError } from "~/server/route-helpers/load-or-error.server";
import type { Route } from "./+types/index";

// Loaded when first opened, as every list's dialog is (decision 0040).
const CallDetailsDialog = lazyDialog(() =>
  import("~/components/admin/call-logs/call-details-dialog").then(
    (module) => module.CallDetailsDialog,
  ),
);

export const handle = { liveTables: ["call_logs"] };

/** Every field but the recording's address, which stays on the server (see CallLogView). */
function toView({
  recordingUrl,
  clientPhoneDigits: _digits,
  customerId: _customer,
  ...call
}: CallLog & { leadId: string | null }): CallLogView {
  return { ...call, hasRecording: Boolean(recordingUrl) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext).database;
  const search = new URL(request.url).searchParams;
  const params = {
    ...parseListParams(search, CALL_STATUSES),
    range: searchRange(search, new Date()),
    pageSize: pageSizeFor(request.headers),
  };
  const { data, loadError } = await loadOrError<{
    page: Page<CallLogView>;
    stats: CallLogStats | null;
  }>(
    FAILURE.loadCallLogs,
    async () => {
      const [page, stats] = await Promise.all([listCallLogs(db, params), callLogStats(db)]);
      return { page: { ...page, rows: page.rows.map(toView) }, stats };
    },
    { page: emptyPage(), stats: null },
  );
  return { ...data, loadError };
}

export const meta: Route.MetaFunction = () => [{ title: "Call Logs | Admin" }];

export default function CallLogsPage({ loaderData }: Route.ComponentProps) {
  const details = useDialogState<CallLogView>("call", (id) =>
    loaderData.page.rows.find((row) => row.id === id),
  );
  const [playing, setPlaying] = useState<CallLogView | undefined>();
  return (
    <div className={playing ? "pb-36" : undefined}>
      <ListPage
        title="Call Logs"
        description="Every call to the business line, newest first, as the phone system logs it."
        summary={<StatCards stats={loaderData.stats} />}
        toolbar={{
          searchLabel: "Search calls",
          searchPlaceholder: "Search by phone number or call ID",
          statuses: optionsOf(CALL_STATUSES, CALL_STATUS_LABELS),
          filters: [PERIOD_FILTER],
          exportHref: "/admin/call-logs/export.csv",
        }}
        page={loaderData.page}
        loadError={loaderData.loadError}
        empty={{
          noMatches:
            "No calls match. Search by part of the phone number (any format) or the call ID.",
          nothingYet:
            "No calls logged yet. Calls appear here, live, as soon as the phone system reports them.",
        }}
      >
        {(rows) => (
          <CallLogList
            rows={rows}
            detailsTrigger={(call) => {
              const trigger = details.trigger(call, call.id);
              return {
                ...trigger,
                onClick: (event) => {
                  // One recording at a time: the dialog has a player of its own.
                  setPlaying(undefined);
                  trigger.onClick(event);
                },
              };
            }}
            playingId={playing?.id}
            onTogglePlay={(call) => setPlaying(playing?.id === call.id ? undefined : call)}
          />
        )}
      </ListPage>
      <CallDetailsDialog
        call={details.item}
        open={details.open}
        onOpenChange={details.setOpen}
        {...details.address}
      />
      {playing && <NowPlaying call={playing} onClose={() => setPlaying(undefined)} />}
    </div>
  );
}
