import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
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
import { cn } from "~/lib/utils";

/**
 * One column of the table: its header (the column names of docs/spec/back-office.md §2) and how a
 * row fills it.
 */
export interface DataColumn<Row> {
  header: ReactNode;
  /** Identifies the column (defaults to the header's text). */
  id?: string;
  cell: (row: Row) => ReactNode;
  /** Numbers and actions line up on the right. */
  align?: "right";
  /** Classes for this column's cells (widths, wrapping). */
  className?: string;
  /** How the list is sorted by this column, when it is (the header cell's aria-sort). */
  sorted?: "ascending" | "descending";
}

interface DataListProps<Row extends { id: string }> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  /** The card that stands for a row where the list's column is narrower than the table. */
  card: (row: Row) => ReactNode;
  /** The table's caption for screen readers ("Jobs, newest first"). */
  caption: string;
  /** The card list's accessible name; the caption when not given. */
  cardsLabel?: string;
}

/** Tailwind's `@3xl` (48rem): the list column's width from which the table shows. */
const TABLE_MIN_WIDTH = 768;

/**
 * A back-office list: a table where the list's column is at least 768 px wide, cards below
 * (a phone, or a laptop with the sidebar open; docs/decisions/0011). Columns and the card
 * are the page's; this is the shell they share.
 *
 * The server cannot measure the column, so its HTML carries both layouts (CSS shows one),
 * or only the cards when the browser said it is a phone. Once hydrated only the layout on
 * screen is rendered: each row may hold forms and selects, and a hidden copy of them all
 * would double the page's DOM and the work of every live update.
 */
export function DataList<Row extends { id: string }>({
  rows,
  columns,
  card,
  caption,
  cardsLabel = caption,
}: DataListProps<Row>) {
  const container = useRef<HTMLDivElement>(null);
  const layout = useLayout(container);
  return (
    // min-w-0: in a page's grid a wide table scrolls in its own frame, not the whole page.
    <div ref={container} className="min-w-0">
      {layout !== "cards" && (
        <div className="hidden @3xl:block">
          <Table>
            <TableCaption>{caption}</TableCaption>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead
                    key={columnKey(column)}
                    aria-sort={column.sorted}
                    className={cn(column.align === "right" && "text-right")}
                  >
                    {column.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  {columns.map((column) => (
                    <TableCell
                      key={columnKey(column)}
                      className={cn(
                        "align-top",
                        column.align === "right" && "text-right",
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {layout !== "table" && (
        // Cards known to be the only layout show at any width (until hydration measures).
        <ul
          className={cn("grid gap-3", layout === "both" && "@3xl:hidden")}
          aria-label={cardsLabel}
        >
          {rows.map((row) => (
            // A card below the screen is laid out and painted only when scrolled near
            // (content-visibility): a phone parsing 25 cards spent ~200 ms of its 4x-slow
            // CPU laying out and painting them before it could hydrate (decision 0078).
            // Not the last: scrolled to at once, the pager shared the screen with cards
            // still at their guessed height, and as they were laid out it was pushed off
            // the screen (a tap meant for Next hit a card). Laid out, the last card is what
            // Chrome's scroll anchoring holds still, and the pager below it with it.
            <li
              key={row.id}
              className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto] last:[content-visibility:visible]"
            >
              <Card className="grid gap-3 p-4">{card(row)}</Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const columnKey = (column: DataColumn<never>) =>
  column.id ?? (typeof column.header === "string" ? column.header : "");

type Layout = "both" | "table" | "cards";

function useLayout(container: React.RefObject<HTMLElement | null>): Layout {
  // A phone's column is always narrower than a table's (the admin layout knows a phone,
  // lib/admin/phone-request.ts), so the page carries the cards alone, half the HTML.
  const phone = useRouteLoaderData<{ phone?: boolean }>("routes/admin/layout")?.phone;
  const [layout, setLayout] = useState<Layout>(phone ? "cards" : "both");
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const measured = entry.contentRect.width >= TABLE_MIN_WIDTH ? "table" : "cards";
      // CSS already shows the right layout: dropping the other one's rows (and their forms)
      // can wait, in slices, for anything the user does.
      startTransition(() => setLayout(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);
  return layout;
}
