import { csvLine } from "~/lib/admin/csv";
import type { Page } from "~/lib/admin/pagination";
import { logger } from "../logger.server";

/** Rows read per query: big enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH = 1_000;
/** A spreadsheet's worth; past it the file is cut. */
export const EXPORT_MAX_ROWS = 50_000;

export interface CsvExport<T extends { id: string }> {
  /** Names the list in the log: "[leads] export failed". */
  list: string;
  /** The download's name, without the date: "leads" → leads-2026-11-22.csv. */
  filename: string;
  header: readonly string[];
  /** T comes from what `read` answers (give `read` first). */
  cells: (row: NoInfer<T>) => readonly unknown[];
  /** One page of the list's current filter, newest first (readPage's rules). */
  read: (page: number, pageSize: number) => Promise<Page<T>>;
  /**
   * The body of the 500 when nothing can be read (the list's load error,
   * docs/spec/back-office.md §8).
   */
  failure: string;
  /** Test seams. */
  batch?: number;
  maxRows?: number;
  now?: Date;
}

/** "2026-11-22" in Chicago, where the business keeps its days. */
const chicagoDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" });

/**
 * A list's current filter as a CSV download, streamed a batch at a time: a large export
 * neither holds every row in memory nor makes the operator wait for the last row before
 * the download starts. The first batch is read before answering, so a failing database is
 * a 500 with the list's message, not a download that breaks off.
 *
 * Batches are read until one comes back short (a list's count stops at COUNT_CAP, so the
 * number of pages is not known). They are read by offset, so a row added during the export
 * pushes the rest down by one and a row can come twice at a batch boundary: ids already
 * sent are skipped.
 */
export async function csvExportResponse<T extends { id: string }>(
  spec: CsvExport<T>,
): Promise<Response> {
  const batchSize = spec.batch ?? EXPORT_BATCH;
  const maxRows = spec.maxRows ?? EXPORT_MAX_ROWS;
  let first: Page<T>;
  try {
    first = await spec.read(1, batchSize);
  } catch (cause) {
    logger.error({ err: cause, list: spec.list }, "CSV export failed");
    return new Response(spec.failure, {
      status: 500,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }

  const encoder = new TextEncoder();
  const sent = new Set<string>();
  let page = 1;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(spec.header)));
    },
    async pull(controller) {
      try {
        const batch = page === 1 ? first : await spec.read(page, batchSize);
        if (cancelled) return;
        // readPage answers a page past the end with the last page: nothing new there.
        if (batch.page !== page) {
          controller.close();
          return;
        }
        let text = "";
        for (const row of batch.rows) {
          if (sent.size >= maxRows) break;
          if (sent.has(row.id)) continue;
          sent.add(row.id);
          text += csvLine(spec.cells(row));
        }
        if (text) controller.enqueue(encoder.encode(text));
        page += 1;
        if (batch.rows.length < batchSize || sent.size >= maxRows) controller.close();
      } catch (cause) {
        logger.error({ err: cause, list: spec.list }, "CSV export failed part way");
        controller.error(cause);
      }
    },
    cancel() {
      cancelled = true;
    },
  });

  const day = chicagoDate.format(spec.now ?? new Date());
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${spec.filename}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A CSV made whole in memory (a statement, a report table) as a download of that name. */
export function csvDownload(lines: readonly string[], filename: string): Response {
  return new Response(lines.join(""), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
