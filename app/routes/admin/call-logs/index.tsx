import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CallDetailsDialog } from "~/components/admin/call-logs/call-details-dialog";
import { CallLogList } from "~/components/admin/call-logs/call-log-list";
import { CallLogStats as StatCards } from "~/components/admin/call-logs/call-log-stats";
import type { CallLogView } from "~/components/admin/call-logs/call-log-view";
import { NowPlaying } from "~/components/admin/call-logs/recording-controls";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { PageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Card } from "~/components/ui/card";
import { CALL_STATUSES } from "~/lib/business-enums";
import { BUSINESS_ERRORS } from "~/lib/business-messages";
import { PAGE_SIZE, parseListParams, type Page } from "~/lib/pagination";
import { CALL_STATUS_LABELS } from "~/lib/status-labels";
import type { CallLog } from "~/server/db/business-tables.server";
import { callLogStats, listCallLogs, type CallLogStats } from "~/server/models/call-logs.server";
import { servicesContext } from "~/server/http/context.server";
import { loadOrError } from "~/server/http/load-or-error.server";
import type { Route } from "./+types/index";

export const handle = { liveTables: ["call_logs"] };

/** Every field but the recording's address, which stays on the server (see CallLogView). */
function toView({ recordingUrl, ...call }: CallLog): CallLogView {
  return { ...call, hasRecording: Boolean(recordingUrl) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const params = parseListParams(new URL(request.url).searchParams, CALL_STATUSES);
  const { data, loadError } = await loadOrError<{
    page: Page<CallLogView>;
    stats: CallLogStats | null;
  }>(
    BUSINESS_ERRORS.loadCallLogs,
    async () => {
      const [page, stats] = await Promise.all([
        listCallLogs(database.db, params),
        callLogStats(database.db),
      ]);
      return { page: { ...page, rows: page.rows.map(toView) }, stats };
    },
    {
      page: { rows: [], total: 0, page: 1, pageSize: PAGE_SIZE, pageCount: 1 },
      stats: null,
    },
  );
  return { ...data, loadError };
}

export const meta: Route.MetaFunction = () => [{ title: "Call Logs | Admin" }];

const STATUS_OPTIONS = CALL_STATUSES.map((value) => ({
  value,
  label: CALL_STATUS_LABELS[value],
}));

export default function CallLogsPage({ loaderData }: Route.ComponentProps) {
  const { page, stats, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const [selected, setSelected] = useState<CallLogView | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [playing, setPlaying] = useState<CallLogView | undefined>();

  return (
    <div className={playing ? "pb-36" : undefined}>
      <PageHeader
        title="Call Logs"
        description="Every call to the business line, newest first, as the phone system logs it."
      />
      <StatCards stats={stats} />
      <ListToolbar
        searchLabel="Search calls"
        searchPlaceholder="Search by phone number or call ID"
        statuses={STATUS_OPTIONS}
        exportHref="/admin/call-logs/export.csv"
      />
      {page.rows.length === 0 ? (
        <EmptyState loadError={loadError} />
      ) : (
        <CallLogList
          rows={page.rows}
          onViewDetails={(call) => {
            // One recording at a time: the dialog has a player of its own.
            setPlaying(undefined);
            setSelected(call);
            setDialogOpen(true);
          }}
          playingId={playing?.id}
          onTogglePlay={(call) => setPlaying(playing?.id === call.id ? undefined : call)}
        />
      )}
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        totalCapped={page.totalCapped}
      />
      <CallDetailsDialog call={selected} open={dialogOpen} onOpenChange={setDialogOpen} />
      {playing && <NowPlaying call={playing} onClose={() => setPlaying(undefined)} />}
    </div>
  );
}

function EmptyState({ loadError }: { loadError: string | null }) {
  const [params] = useSearchParams();
  const search = params.toString();
  const filtered = Boolean(params.get("q") || params.get("status"));
  return (
    <Card className="grid gap-2 p-10 text-center">
      {loadError ? (
        <>
          <p className="font-medium">{loadError}</p>
          <p className="text-sm text-muted-foreground">
            The database did not answer.{" "}
            <Link
              to={search ? `?${search}` : "?"}
              className="font-semibold text-brand-700 hover:underline"
            >
              Try again
            </Link>
          </p>
        </>
      ) : filtered ? (
        <>
          <p className="font-medium">No calls match.</p>
          <p className="text-sm text-muted-foreground">
            Search by part of the phone number (any format) or the call ID, or{" "}
            <Link to="/admin/call-logs" className="font-semibold text-brand-700 hover:underline">
              show all calls
            </Link>
            .
          </p>
        </>
      ) : (
        <>
          <p className="font-medium">No calls logged yet.</p>
          <p className="text-sm text-muted-foreground">
            Calls appear here, live, as soon as the phone system reports them.
          </p>
        </>
      )}
    </Card>
  );
}
