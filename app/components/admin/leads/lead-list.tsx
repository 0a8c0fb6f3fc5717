import { Globe, PenLine, Phone } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { createAssignOrder, type AssignableLocksmith } from "~/lib/assign-order";
import type { LeadSource, ServiceType } from "~/lib/business-enums";
import { formatDateTime } from "~/lib/format";
import { LEAD_SOURCE_LABELS, SERVICE_TYPE_LABELS } from "~/lib/lead-labels";
import { toE164 } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { CreateJobButton, LeadAssignForm, LeadStatusForm, type LeadRow } from "./lead-row-controls";

interface LeadListProps {
  rows: LeadRow[];
  /** The active locksmiths, loaded once for the page; ordered per lead here. */
  locksmiths: AssignableLocksmith[];
  /** What the server renders: both (CSS shows one), or only the cards for a phone. */
  firstLayout?: "both" | "cards";
}

/** Leads: a table where the column has 768 px, cards below (a phone, or beside the sidebar). */
export function LeadList({ rows, locksmiths, firstLayout = "both" }: LeadListProps) {
  const orderFor = useMemo(() => createAssignOrder(locksmiths), [locksmiths]);
  const list = useRef<HTMLDivElement>(null);
  const layout = useLayout(list, firstLayout);
  return (
    <div ref={list}>
      {layout !== "cards" && (
        <div className="hidden @3xl:block">
          <Table>
            <TableCaption>Leads, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Lead</TableHead>
                <TableHead>Service</TableHead>
                <TableHead>Received</TableHead>
                {/* Stacked in one column so the table fits a laptop with the sidebar open. */}
                <TableHead>Status &amp; locksmith</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="align-top">
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
                  </TableCell>
                  <TableCell className="align-top">
                    <span className="block whitespace-nowrap">{serviceLabel(row.serviceType)}</span>
                    <Zip zip={row.zip} />
                  </TableCell>
                  <TableCell className="align-top">
                    <span className="block text-sm whitespace-nowrap">
                      {formatDateTime(row.createdAt)}
                    </span>
                    <SourceBadge source={row.source} />
                  </TableCell>
                  <TableCell className="w-52 align-top 2xl:w-auto">
                    <div className="grid gap-2 2xl:grid-cols-2">
                      <LeadStatusForm lead={row} idPrefix="table" />
                      <LeadAssignForm lead={row} groups={orderFor(row.zip)} idPrefix="table" />
                    </div>
                  </TableCell>
                  <TableCell className="text-right align-top">
                    <CreateJobButton lead={row} className="inline-block" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {layout !== "table" && (
        // Cards known to be the only layout show at any width (until hydration measures).
        <ul className={cn("grid gap-3", layout === "both" && "@3xl:hidden")} aria-label="Leads">
          {rows.map((row) => (
            <li key={row.id}>
              <Card className="grid gap-3 p-4">
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
                </p>
                {row.details && <p className="text-sm text-muted-foreground">{row.details}</p>}
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="grid gap-1">
                    <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
                      Status
                    </span>
                    <LeadStatusForm lead={row} idPrefix="card" />
                  </div>
                  <div className="grid gap-1">
                    <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
                      Locksmith
                    </span>
                    <LeadAssignForm lead={row} groups={orderFor(row.zip)} idPrefix="card" />
                  </div>
                </div>
                <div className="flex justify-end">
                  <CreateJobButton lead={row} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Tailwind's `@3xl` (48rem): the width of the list's column from which the CSS shows the table. */
const TABLE_MIN_WIDTH = 768;

/**
 * The server cannot know the screen, so its HTML has both the table and the cards (CSS
 * shows one, by the width of the list's column), unless the browser says it is a phone. Once hydrated, only the one on screen is
 * rendered: each row carries two selects of every active locksmith, and a hidden copy of
 * them all would double the page's DOM and the work of every live update.
 */
function useLayout(
  container: RefObject<HTMLElement | null>,
  first: "both" | "cards",
): "both" | "table" | "cards" {
  const [layout, setLayout] = useState<"both" | "table" | "cards">(first);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setLayout(entry.contentRect.width >= TABLE_MIN_WIDTH ? "table" : "cards");
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);
  return layout;
}

const serviceLabel = (type: string) => SERVICE_TYPE_LABELS[type as ServiceType] ?? type;

function LeadName({ row }: { row: LeadRow }) {
  // A caller who gave no name reads as 'Unknown' (the spec), set apart from real names.
  const unknown = !row.name?.trim();
  return (
    <span className={cn("block font-medium", unknown && "text-muted-foreground italic")}>
      {row.displayName}
    </span>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${toE164(phone)}`}
      className="inline-flex items-center gap-1.5 text-sm whitespace-nowrap text-brand-700 hover:underline"
    >
      <Phone className="size-3.5" aria-hidden="true" />
      {phone}
    </a>
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
