import type { DialogTrigger } from "~/components/admin/dialog-state";
import { Mail, Pencil } from "lucide-react";
import { Link } from "react-router";
import { PhoneLink } from "~/components/admin/data-list/cells";
import { DataList, type DataColumn } from "~/components/admin/data-list/data-list";
import { Button } from "~/components/ui/button";
import { documentStanding, standingText } from "~/lib/compliance/documents";
import { licenseDayLabel, licenseStanding } from "~/lib/locksmiths/license";
import type { LocksmithDraft } from "./locksmith-dialog";
import { LocksmithStatusToggle } from "./locksmith-status-toggle";

export interface LocksmithRow extends LocksmithDraft {
  active: boolean;
}

interface LocksmithListProps {
  rows: LocksmithRow[];
  /** Today in Chicago (YYYY-MM-DD), for the license warnings. */
  today: string;
  /** Each row's insurance last day (YYYY-MM-DD), by locksmith id; absent: none on file. */
  insurance: Record<string, string>;
  /** The link that opens a locksmith's Edit dialog. */
  editTrigger: (locksmith: LocksmithRow) => DialogTrigger;
}

/**
 * The roster, newest first, with the columns of docs/spec/back-office.md §2 Locksmiths page: Name,
 * Contact, Status, ZIP Codes, Cut %, Actions.
 */
export function LocksmithList({ rows, today, insurance, editTrigger }: LocksmithListProps) {
  const status = (row: LocksmithRow) => (
    <LocksmithStatusToggle locksmithId={row.id} name={row.name} active={row.active} />
  );
  const columns: DataColumn<LocksmithRow>[] = [
    {
      header: "Name",
      cell: (row) => (
        <>
          <Link to={`/admin/locksmiths/${row.id}`} className="block font-medium hover:underline">
            {row.name}
          </Link>
          {row.paymentMethod && (
            <span className="block text-xs text-muted-foreground">Paid by {row.paymentMethod}</span>
          )}
          <LicenseNote row={row} today={today} />
          <InsuranceNote expiresOn={insurance[row.id]} today={today} />
        </>
      ),
    },
    { header: "Contact", cell: (row) => <Contact row={row} /> },
    { header: "Status", cell: status },
    {
      header: "ZIP Codes",
      className: "max-w-xs",
      cell: (row) => <ZipList zips={row.assignedZips} />,
    },
    {
      header: "Cut %",
      align: "right",
      className: "tabular-nums",
      cell: (row) => `${row.defaultCutPercent}%`,
    },
    {
      header: "Actions",
      align: "right",
      cell: (row) => <EditButton row={row} trigger={editTrigger(row)} />,
    },
  ];
  return (
    <DataList
      rows={rows}
      columns={columns}
      caption="Locksmiths, newest first"
      cardsLabel="Locksmiths"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Link to={`/admin/locksmiths/${row.id}`} className="font-medium hover:underline">
                {row.name}
              </Link>
              <p className="text-xs text-muted-foreground">
                Cut <span className="tabular-nums">{row.defaultCutPercent}%</span>
                {row.paymentMethod && <> · Paid by {row.paymentMethod}</>}
              </p>
              <LicenseNote row={row} today={today} />
              <InsuranceNote expiresOn={insurance[row.id]} today={today} />
            </div>
            {status(row)}
          </div>
          <Contact row={row} />
          <div className="text-sm">
            <span className="text-xs font-medium text-muted-foreground">ZIP codes: </span>
            <ZipList zips={row.assignedZips} />
          </div>
          <div className="flex justify-end">
            <EditButton row={row} trigger={editTrigger(row)} />
          </div>
        </>
      )}
    />
  );
}

/**
 * The locksmith's own license, and a warning from 30 days before it runs out: the customer's
 * page and receipt stop showing it the day after.
 */
function LicenseNote({ row, today }: { row: LocksmithRow; today: string }) {
  const standing = licenseStanding(
    { number: row.licenseNumber, expiresOn: row.licenseExpiresOn },
    today,
  );
  switch (standing.kind) {
    case "none":
      return <span className="block text-xs text-muted-foreground">No license on file</span>;
    case "valid":
      return (
        <span className="block text-xs text-muted-foreground">
          License {row.licenseNumber}
          {standing.expiresOn && <>, until {licenseDayLabel(standing.expiresOn)}</>}
        </span>
      );
    case "expiring":
      return (
        <span className="block text-xs font-medium text-amber-800">
          License {row.licenseNumber} expires{" "}
          {standing.daysLeft === 0
            ? "today"
            : `in ${standing.daysLeft} day${standing.daysLeft === 1 ? "" : "s"}`}
        </span>
      );
    case "expired":
      return (
        <span className="block text-xs font-medium text-red-700">
          License {row.licenseNumber} expired {licenseDayLabel(standing.expiresOn)}
        </span>
      );
  }
}

/** Their insurance when it needs the office: none on file, expiring within 30 days, expired. */
function InsuranceNote({ expiresOn, today }: { expiresOn: string | undefined; today: string }) {
  const standing = documentStanding(expiresOn ? { expiresOn } : undefined, today);
  if (standing === "valid") return null;
  const text = standingText(standing, expiresOn ? { expiresOn } : undefined, today);
  const tone =
    standing === "expired"
      ? "font-medium text-red-700"
      : standing === "expiring"
        ? "font-medium text-amber-800"
        : "text-muted-foreground";
  return (
    <span className={`block text-xs ${tone}`}>
      {standing === "missing" ? "No insurance on file" : `Insurance: ${text}`}
    </span>
  );
}

function Contact({ row }: { row: LocksmithRow }) {
  return (
    <span className="grid gap-0.5 text-sm">
      <PhoneLink phone={row.phone} />
      {row.email ? (
        <a
          href={`mailto:${row.email}`}
          className="inline-flex min-h-6 min-w-0 items-center gap-1.5 text-brand-700 hover:underline"
        >
          <Mail className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{row.email}</span>
        </a>
      ) : (
        <span className="text-xs text-muted-foreground">No email</span>
      )}
    </span>
  );
}

/** How many ZIPs are written out before "+N more" (the rest are in the title and for SRs). */
const ZIPS_SHOWN = 6;

function ZipList({ zips }: { zips: string[] }) {
  if (zips.length === 0) return <span className="text-sm text-muted-foreground">None yet</span>;
  const all = zips.join(", ");
  if (zips.length <= ZIPS_SHOWN) return <span className="text-sm tabular-nums">{all}</span>;
  return (
    <span className="text-sm tabular-nums" title={all}>
      <span aria-hidden="true">
        {zips.slice(0, ZIPS_SHOWN).join(", ")}{" "}
        <span className="whitespace-nowrap text-muted-foreground">
          +{zips.length - ZIPS_SHOWN} more
        </span>
      </span>
      <span className="sr-only">{all}</span>
    </span>
  );
}

function EditButton({ row, trigger }: { row: LocksmithRow; trigger: DialogTrigger }) {
  return (
    <Button asChild size="sm" variant="ghost">
      <a {...trigger}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {row.name}</span>
      </a>
    </Button>
  );
}
