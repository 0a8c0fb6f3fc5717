import { Globe, PenLine, Phone } from "lucide-react";
import { Link } from "react-router";
import { PhoneLink } from "~/components/admin/data-list/cells";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { useDialogState, type DialogTrigger } from "~/components/admin/dialog-state";
import { Badge } from "~/components/ui/badge";
import { isClosedLead, type LeadSource, type ServiceType } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { LEAD_SOURCE_LABELS, SERVICE_TYPE_LABELS } from "~/lib/leads/lead-labels";
import { cn } from "~/lib/utils";
import { DispatchButton, DispatchDialog, ReopenButton, ReopenDialog } from "./lead-buttons";
import {
  CreateJobButton,
  LeadControls,
  LeadHolderText,
  LeadStatusForm,
  type LeadRow,
} from "./lead-row-controls";

interface LeadListProps {
  rows: LeadRow[];
}

/** Leads, newest first, each with its status select, who has it, Dispatch and Create job. */
export function LeadList({ rows }: LeadListProps) {
  const find = (id: string) => rows.find((row) => row.id === id);
  const dispatch = useDialogState<LeadRow>("dispatch", find);
  const reopen = useDialogState<LeadRow>("reopen", find);
  const actions = (row: LeadRow) => (
    <RowActions
      row={row}
      // The lead page's Dispatch has the ranking from its loader: before hydration (and
      // without JavaScript) Dispatch opens there; once hydrated, here.
      dispatch={{ ...dispatch.trigger(row), href: `/admin/leads/${row.id}?open=dispatch` }}
      reopen={reopen.trigger(row, row.id)}
    />
  );
  const columns: DataColumn<LeadRow>[] = [
    {
      header: "Lead",
      cell: (row) => (
        <>
          <LeadName row={row} />
          <PhoneLink phone={row.phone} />
          {row.details && (
            <span
              className="block max-w-48 truncate text-xs text-muted-foreground"
              title={row.details}
            >
              {row.details}
            </span>
          )}
        </>
      ),
    },
    {
      header: "Service",
      cell: (row) => (
        <>
          <span className="block whitespace-nowrap">{serviceLabel(row.serviceType)}</span>
          <Zip zip={row.zip} />
        </>
      ),
    },
    {
      header: "Received",
      cell: (row) => (
        <>
          <span className="block text-sm whitespace-nowrap">{formatDateTime(row.createdAt)}</span>
          <SourceBadge source={row.source} />
          <SourceName name={row.sourceName} />
        </>
      ),
    },
    {
      // Stacked in one column so the table fits a laptop with the sidebar open.
      header: <>Status &amp; locksmith</>,
      id: "status",
      className: "w-52 2xl:w-auto",
      cell: (row) => (
        <div className="grid gap-2 2xl:grid-cols-2">
          <LeadStatusForm lead={row} idPrefix="table" />
          <LeadHolderText lead={row} />
        </div>
      ),
    },
    {
      header: "Actions",
      align: "right",
      cell: actions,
    },
  ];
  return (
    <>
      <DataList
        rows={rows}
        columns={columns}
        caption="Leads, newest first"
        cardsLabel="Leads"
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <LeadName row={row} />
                <PhoneLink phone={row.phone} />
              </div>
              <SourceBadge source={row.source} />
            </div>
            <p className="text-sm">
              {serviceLabel(row.serviceType)}
              <span className="text-muted-foreground"> · </span>
              {row.zip ? (
                <span className="tabular-nums">ZIP {row.zip}</span>
              ) : (
                <span className="text-muted-foreground">No ZIP</span>
              )}
              <span className="block text-xs text-muted-foreground">
                Received {formatDateTime(row.createdAt)}
              </span>
              <SourceName name={row.sourceName} />
            </p>
            {row.details && <p className="text-sm text-muted-foreground">{row.details}</p>}
            <LeadControls lead={row} idPrefix="card" />
            <div className="flex justify-end">{actions(row)}</div>
          </>
        )}
      />
      {dispatch.item && (
        <DispatchDialog
          key={dispatch.key}
          open={dispatch.open}
          onOpenChange={dispatch.setOpen}
          {...dispatch.address}
          lead={dispatch.item}
        />
      )}
      {reopen.item && (
        <ReopenDialog
          key={reopen.key}
          open={reopen.open}
          onOpenChange={reopen.setOpen}
          {...reopen.address}
          lead={reopen.item}
        />
      )}
    </>
  );
}

const serviceLabel = (type: string) => SERVICE_TYPE_LABELS[type as ServiceType] ?? type;

/** Dispatch, Reassign or Reopen (what the lead's state allows) and Create job, for one row. */
function RowActions({
  row,
  dispatch,
  reopen,
}: {
  row: LeadRow;
  dispatch: DialogTrigger;
  reopen: DialogTrigger;
}) {
  const label = `the lead from ${row.displayName}`;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {isClosedLead(row.status) ? (
        <ReopenButton trigger={reopen} label={label} size="sm" />
      ) : (
        <DispatchButton trigger={dispatch} label={label} reassign={row.holder !== null} size="sm" />
      )}
      {!isClosedLead(row.status) && <CreateJobButton lead={row} />}
    </div>
  );
}

function LeadName({ row }: { row: LeadRow }) {
  // A caller who gave no name reads as 'Unknown' (docs/spec/back-office.md §3), set apart from real
  // names.
  const unknown = !row.name?.trim();
  return (
    <Link
      to={`/admin/leads/${row.id}`}
      className={cn(
        "block font-medium text-foreground hover:text-brand-700 hover:underline",
        unknown && "text-muted-foreground italic",
      )}
    >
      {row.displayName}
      <span className="sr-only">: open the lead</span>
    </Link>
  );
}

function Zip({ zip }: { zip: string | null }) {
  return zip ? (
    <span className="block text-xs text-muted-foreground tabular-nums">ZIP {zip}</span>
  ) : (
    <span className="block text-xs text-muted-foreground">No ZIP</span>
  );
}

const SOURCE_ICONS = { phone: Phone, web: Globe, manual: PenLine } as const;

/** The marketing source, when known (decision 0039). */
function SourceName({ name }: { name?: string | null }) {
  if (!name) return null;
  return (
    <span className="block text-xs text-muted-foreground">
      <span className="sr-only">Marketing source: </span>via {name}
    </span>
  );
}

function SourceBadge({ source }: { source: string }) {
  const known = source as LeadSource;
  const Icon = SOURCE_ICONS[known] ?? PenLine;
  return (
    <Badge variant="outline" className="mt-1 bg-white">
      <Icon aria-hidden="true" />
      <span className="sr-only">Source: </span>
      {LEAD_SOURCE_LABELS[known] ?? source}
    </Badge>
  );
}
