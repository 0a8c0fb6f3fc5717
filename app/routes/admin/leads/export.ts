import { BUSINESS_ERRORS } from "~/lib/business-messages";
import { csvCell } from "~/lib/csv";
import { parseLeadListParams } from "~/lib/lead-list-params";
import { servicesContext } from "~/server/context.server";
import { listLeads, type LeadListItem } from "~/server/leads.server";
import type { Route } from "./+types/export";

/** Rows read per query: big enough to be quick, small enough to keep memory flat. */
const BATCH = 1_000;
/** A spreadsheet's worth; past it the file is cut. */
const MAX_ROWS = 50_000;

const HEADER = [
  "id",
  "created_at",
  "name",
  "phone",
  "service_type",
  "zip",
  "status",
  "source",
  "assigned_locksmith",
] as const;

function line(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function leadLine(lead: LeadListItem): string {
  return line([
    lead.id,
    lead.createdAt,
    lead.name,
    lead.phone,
    lead.serviceType,
    lead.zip,
    lead.status,
    lead.source,
    lead.assignedLocksmithName,
  ]);
}

/** "2025-03-14" in Chicago, for the file name. */
const isoDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" });

/**
 * The leads of the current search and filters (the list's q, status and source), newest
 * first, as CSV. Streamed a batch at a time, so a large export neither holds every row in
 * memory nor makes the operator wait for the last row before the download starts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const { q, status, source } = parseLeadListParams(new URL(request.url).searchParams);
  const read = (page: number) =>
    listLeads(database.db, { q, status, source, page, pageSize: BATCH });

  // The first batch is read before answering, so a failing database is a 500, not a
  // download that breaks off.
  let first: Awaited<ReturnType<typeof read>>;
  try {
    first = await read(1);
  } catch (cause) {
    console.error("[leads] export failed:", (cause as Error).message);
    return new Response(BUSINESS_ERRORS.loadLeads, {
      status: 500,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }

  // Batches are read until one comes back short: the list's count stops at COUNT_CAP, so
  // the number of pages is not known in advance. They are read by offset, so a lead added
  // during the export pushes the rows down by one and a row can come twice at a batch
  // boundary: ids already sent are skipped.
  const lastPage = Math.ceil(MAX_ROWS / BATCH);
  const encoder = new TextEncoder();
  const sent = new Set<string>();
  let page = 1;
  let cancelled = false;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(line(HEADER)));
    },
    async pull(controller) {
      try {
        const batch = page === 1 ? first : await read(page);
        if (cancelled) return;
        // readPage answers a page past the end with the last page: nothing new there.
        if (batch.page !== page) {
          controller.close();
          return;
        }
        let text = "";
        for (const lead of batch.rows) {
          if (sent.size >= MAX_ROWS) break;
          if (sent.has(lead.id)) continue;
          sent.add(lead.id);
          text += leadLine(lead);
        }
        if (text) controller.enqueue(encoder.encode(text));
        page += 1;
        if (page > lastPage || batch.rows.length < BATCH || sent.size >= MAX_ROWS)
          controller.close();
      } catch (cause) {
        console.error("[leads] export failed part way:", (cause as Error).message);
        controller.error(cause);
      }
    },
    cancel() {
      cancelled = true;
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${isoDate.format(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
