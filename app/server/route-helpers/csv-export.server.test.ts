import { describe, expect, it, vi } from "vitest";
import type { Page } from "~/lib/admin/pagination";
import { csvExportResponse, type CsvExport } from "./csv-export.server";
import { logger } from "../logger.server";

interface Row {
  id: string;
  name: string;
}

const rows = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    id: `r${from + i}`,
    name: `Name ${from + i}`,
  }));

/** A list of `all`, read like readPage: a page past the end answers the last page. */
function pagesOf(all: Row[]) {
  return vi.fn(async (page: number, pageSize: number): Promise<Page<Row>> => {
    const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
    const at = Math.min(page, pageCount);
    return {
      rows: all.slice((at - 1) * pageSize, at * pageSize),
      total: all.length,
      totalCapped: false,
      page: at,
      pageSize,
      pageCount,
    };
  });
}

function spec(read: CsvExport<Row>["read"], extra: Partial<CsvExport<Row>> = {}): CsvExport<Row> {
  return {
    list: "things",
    filename: "things",
    read,
    header: ["id", "name"],
    cells: (row) => [row.id, row.name],
    failure: "Failed to load things",
    batch: 3,
    now: new Date("2026-11-23T03:00:00Z"),
    ...extra,
  };
}

const bodyLines = async (response: Response) => (await response.text()).split("\r\n").slice(0, -1);

describe("csv export", () => {
  it("streams the header and every row, a batch at a time, named by Chicago's date", async () => {
    const read = pagesOf(rows(1, 7));
    const response = await csvExportResponse(spec(read));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    // 03:00 UTC on the 23rd is still the 22nd in Chicago.
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="things-2026-11-22.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await bodyLines(response)).toEqual([
      "id,name",
      ...rows(1, 7).map((row) => `${row.id},${row.name}`),
    ]);
    // Pages 1-3 of 3; the third is short, so nothing more is asked for.
    expect(read.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it("stops on a past-the-end page when the rows fill the last batch exactly", async () => {
    const read = pagesOf(rows(1, 6));
    const lines = await bodyLines(await csvExportResponse(spec(read)));
    expect(lines).toHaveLength(7);
    expect(read.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it("writes a row pushed across a batch boundary by a new row only once", async () => {
    const all = rows(1, 5);
    const read = vi.fn(async (page: number, pageSize: number): Promise<Page<Row>> => {
      // A row arrives after the first batch: everything moves down by one.
      const now = page === 1 ? all : [{ id: "new", name: "New" }, ...all];
      return {
        rows: now.slice((page - 1) * pageSize, page * pageSize),
        total: now.length,
        totalCapped: false,
        page,
        pageSize,
        pageCount: 2,
      };
    });
    const lines = await bodyLines(await csvExportResponse(spec(read)));
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([
      "r1",
      "r2",
      "r3",
      "r4",
      "r5",
    ]);
  });

  it("cuts the file at the row limit", async () => {
    const read = pagesOf(rows(1, 20));
    const lines = await bodyLines(await csvExportResponse(spec(read, { maxRows: 5 })));
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe("r5,Name 5");
  });

  it("answers 500 with the list's message when the database cannot be read", async () => {
    const error = vi.spyOn(logger, "error");
    const response = await csvExportResponse(
      spec(() => Promise.reject(new Error("connection refused"))),
    );
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Failed to load things");
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ list: "things", err: expect.any(Error) }),
      "CSV export failed",
    );
    error.mockRestore();
  });

  it("breaks the download off, never ends it as if complete, when a later batch fails", async () => {
    const working = pagesOf(rows(1, 9));
    const read = vi.fn(async (page: number, pageSize: number) => {
      if (page === 2) throw new Error("connection lost");
      return working(page, pageSize);
    });
    const response = await csvExportResponse(spec(read));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow("connection lost");
  });
});
