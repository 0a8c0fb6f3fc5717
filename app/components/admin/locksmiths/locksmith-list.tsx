import { Mail, Pencil, Phone } from "lucide-react";
import { Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { toE164 } from "~/lib/phone";
import type { LocksmithDraft } from "./locksmith-dialog";
import { LocksmithStatusToggle } from "./locksmith-status-toggle";

export interface LocksmithRow extends LocksmithDraft {
  active: boolean;
}

interface LocksmithListProps {
  rows: LocksmithRow[];
  onEdit: (locksmith: LocksmithRow) => void;
}

/** The roster: a table where the list's column has 768 px, cards below (a phone, or beside the sidebar). */
export function LocksmithList({ rows, onEdit }: LocksmithListProps) {
  return (
    <>
      <div className="hidden @3xl:block">
        <Table>
          <TableCaption>Locksmiths, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Contact</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>ZIP Codes</TableHead>
              <TableHead className="text-right">Cut %</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="align-top">
                  <span className="block font-medium">{row.name}</span>
                  {row.paymentMethod && (
                    <span className="block text-xs text-muted-foreground">
                      Paid by {row.paymentMethod}
                    </span>
                  )}
                </TableCell>
                <TableCell className="align-top">
                  <Contact row={row} />
                </TableCell>
                <TableCell className="align-top">
                  <LocksmithStatusToggle locksmithId={row.id} name={row.name} active={row.active} />
                </TableCell>
                <TableCell className="max-w-xs align-top">
                  <ZipList zips={row.assignedZips} />
                </TableCell>
                <TableCell className="text-right align-top tabular-nums">
                  {row.defaultCutPercent}%
                </TableCell>
                <TableCell className="text-right align-top">
                  <EditButton row={row} onEdit={onEdit} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 @3xl:hidden" aria-label="Locksmiths">
        {rows.map((row) => (
          <li key={row.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{row.name}</p>
                  <p className="text-xs text-muted-foreground">
                    Cut <span className="tabular-nums">{row.defaultCutPercent}%</span>
                    {row.paymentMethod && <> · Paid by {row.paymentMethod}</>}
                  </p>
                </div>
                <LocksmithStatusToggle locksmithId={row.id} name={row.name} active={row.active} />
              </div>
              <Contact row={row} />
              <div className="text-sm">
                <span className="text-xs font-medium text-muted-foreground">ZIP codes: </span>
                <ZipList zips={row.assignedZips} />
              </div>
              <div className="flex justify-end">
                <EditButton row={row} onEdit={onEdit} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function Contact({ row }: { row: LocksmithRow }) {
  return (
    <span className="grid gap-0.5 text-sm">
      <a
        href={`tel:${toE164(row.phone)}`}
        className="inline-flex min-h-6 items-center gap-1.5 whitespace-nowrap text-brand-700 hover:underline"
      >
        <Phone className="size-3.5" aria-hidden="true" />
        {row.phone}
      </a>
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

function EditButton({ row, onEdit }: { row: LocksmithRow; onEdit: (row: LocksmithRow) => void }) {
  return (
    <Button type="button" size="sm" variant="ghost" onClick={() => onEdit(row)}>
      <Pencil aria-hidden="true" />
      Edit<span className="sr-only"> {row.name}</span>
    </Button>
  );
}
