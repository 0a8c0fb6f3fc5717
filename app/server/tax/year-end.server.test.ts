import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { IRIS_1099_NEC_HEADER } from "~/lib/tax/iris-csv";
import { TIN_TEXT } from "~/lib/tax/tin";
import { userContext } from "~/server/auth/session.server";
import { payouts } from "~/server/db/business-tables.server";
import { logger } from "~/server/logger.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import {
  action as locksmithAction,
  loader as locksmithLoader,
} from "~/routes/admin/locksmiths/locksmith";
import { action as yearEndAction, loader as yearEndLoader } from "~/routes/admin/payouts/year-end";
import { loader as irisLoader } from "~/routes/admin/payouts/iris-csv";
import { loader as statementCsvLoader } from "~/routes/admin/payouts/statement-csv";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { locksmithsFor, testZip } from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { TIN_KEY_TEXT, tinCipher } from "./tin-cipher.server";
import { readW9, W9_TEXT } from "./w9.server";
import { EXPORT_TEXT, irisExport, yearEndReport } from "./year-end.server";

const KEY = randomBytes(32).toString("base64");
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "tax-files-"));
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

/** The numbers of the suite: none may show anywhere but in the IRIS file. */
const TINS = {
  maria: { typed: "287-65-4321", digits: "287654321" },
  sam: { typed: "41-2345678", digits: "412345678" },
  bo: { typed: "318-44-5566", digits: "318445566" },
  payer: { typed: "36-7654321", digits: "367654321" },
};
const ALL_FORMS = Object.values(TINS).flatMap((tin) => [tin.typed, tin.digits]);

function leaked(text: string, forms: readonly string[] = ALL_FORMS): string[] {
  return forms.filter((form) => text.includes(form));
}

/** Every line the logger was asked to write during the suite, whatever its level. */
const logLines: string[] = [];
beforeAll(() => {
  for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
    const original = logger[level].bind(logger) as (...args: unknown[]) => void;
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logLines.push(
        JSON.stringify(args, (_key, value: unknown) =>
          value instanceof Error ? { message: value.message, stack: value.stack } : value,
        ),
      );
      original(...args);
    }) as never);
  }
});

describeEachDatabase("year-end 1099s", (t) => {
  const db = () => t.handle.db;
  const rowsOf = async <R = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: R[] }).rows;
  const env = (key: string | undefined) => ({ FILES_DIR: filesDir, TIN_ENCRYPTION_KEY: key });

  function contextFor(role: "owner" | "admin", key?: string | null) {
    const context = new RouterContextProvider();
    context.set(userContext, { id: `${role}-1`, name: `The ${role}`, role } as never);
    context.set(servicesContext, {
      database: t.handle,
      env: env(key === null ? undefined : (key ?? KEY)),
    } as never);
    return context;
  }

  const post = (url: string, fields: Record<string, string>) =>
    new Request(`http://localhost${url}`, { method: "POST", body: new URLSearchParams(fields) });

  async function saveW9(
    locksmithId: string,
    fields: Record<string, string>,
    { role = "owner", key }: { role?: "owner" | "admin"; key?: string | null } = {},
  ) {
    const context = contextFor(role, key);
    try {
      const answer = await locksmithAction({
        request: post(`/admin/locksmiths/${locksmithId}`, { intent: "w9", ...fields }),
        context,
        params: { id: locksmithId },
      } as never);
      return answer as unknown as {
        data: { ok: boolean; result?: unknown };
        init?: { status?: number };
      };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { data: { ok: false }, init: { status: thrown.status } };
      throw thrown;
    }
  }

  const fullW9 = (name: string, tin: string, tinType = "ssn") => ({
    legalName: name,
    businessName: "",
    tinType,
    tin,
    street: "4100 W 63rd St",
    city: "Chicago",
    state: "IL",
    zip: "60629",
  });

  async function payout(
    locksmithId: string,
    cents: number,
    paidOn: string,
    method: string,
    extra = {},
  ) {
    await db()
      .insert(payouts)
      .values({ locksmithId, amountCents: cents, paidOn, method: method as never, ...extra });
  }

  let maria: string, sam: string, bo: string;
  beforeAll(async () => {
    const made = await locksmithsFor(db(), testZip(), ["Maria Ortiz", "Sam Keyes", "Bo Lind"]);
    [maria, sam, bo] = made.map((smith) => smith!.id) as [string, string, string];
  });

  it("saves a W-9 for an owner, showing and logging the number only by its last four", async () => {
    const answer = await saveW9(maria, fullW9("Maria Elena Ortiz", TINS.maria.typed));
    expect(answer.data.ok).toBe(true);
    const w9 = await readW9(db(), maria);
    expect(w9).toMatchObject({ legalName: "Maria Elena Ortiz", tinType: "ssn", tinLast4: "4321" });

    const [row] = await rowsOf<Record<string, string>>(
      sql`select * from locksmith_tax_details where locksmith_id = ${maria}`,
    );
    expect(leaked(JSON.stringify(row))).toEqual([]);
    expect(tinCipher(KEY).decrypt(row!.tin_sealed!, maria)).toBe(TINS.maria.digits);

    const [entry] = await rowsOf<{ after: Record<string, unknown> }>(
      sql`select before, after from activity_log where entity = 'locksmith' and entity_id = ${maria} and action = 'w9_updated'`,
    );
    expect(entry!.after).toMatchObject({ tin: "•••-••-4321", legalName: "Maria Elena Ortiz" });

    const page = await locksmithLoader({
      params: { id: maria },
      context: contextFor("owner"),
      request: new Request(`http://localhost/admin/locksmiths/${maria}`),
    } as never);
    expect(JSON.stringify(page)).toContain("4321");
    expect(leaked(JSON.stringify(page))).toEqual([]);
  });

  it("refuses a W-9 from an admin, and shows them none", async () => {
    const answer = await saveW9(sam, fullW9("Sam Keyes", TINS.sam.typed, "ein"), { role: "admin" });
    expect(answer.init?.status).toBe(403);
    expect(await readW9(db(), sam)).toBeNull();
    const page = await locksmithLoader({
      params: { id: maria },
      context: contextFor("admin"),
      request: new Request("http://localhost/"),
    } as never);
    expect((page as { tax: unknown }).tax).toBeNull();
  });

  it("refuses to store a number without TIN_ENCRYPTION_KEY, saying why next to it, echoing nothing", async () => {
    const answer = await saveW9(sam, fullW9("Sam Keyes LLC", TINS.sam.typed, "ein"), { key: null });
    expect(answer.init?.status).toBe(409);
    const reply = JSON.stringify(answer.data.result);
    expect(reply).toContain(TIN_KEY_TEXT.missing);
    expect(leaked(reply)).toEqual([]);
    expect(await readW9(db(), sam)).toBeNull();
    // Without a number the rest is saved.
    const rest = await saveW9(sam, { ...fullW9("Sam Keyes LLC", "", "ein") }, { key: null });
    expect(rest.data.ok).toBe(true);
    expect(await readW9(db(), sam)).toMatchObject({ legalName: "Sam Keyes LLC", tinLast4: null });
  });

  it("says what is wrong with a number, and wants it again for another kind", async () => {
    const bad = await saveW9(bo, fullW9("Bo Lind", "123-45"));
    expect(bad.init?.status).toBe(400);
    expect(JSON.stringify(bad.data.result)).toContain(TIN_TEXT.nineDigits);
    await saveW9(bo, fullW9("Bo Lind", TINS.bo.typed));
    const switched = await saveW9(bo, fullW9("Bo Lind", "", "ein"));
    expect(JSON.stringify(switched.data.result)).toContain(W9_TEXT.retypeForNewType);
    expect(await readW9(db(), bo)).toMatchObject({ tinType: "ssn", tinLast4: "5566" });
  });

  it("counts each year's payouts by method against its threshold", async () => {
    // 2025 ($600): Maria $450 cash + $200 check = $650 counted, $900 by an app apart: due.
    await payout(maria, 450_00, "2025-03-03", "cash");
    await payout(maria, 200_00, "2025-12-31", "check");
    await payout(maria, 900_00, "2025-06-02", "other", { reference: "Venmo" });
    // 2026 ($2,000): Sam $1,900 by check: below. Bo $2,100 by Zelle and bank: due; an undone
    // payout and money Bo handed over do not count.
    await payout(sam, 1_900_00, "2026-01-05", "check");
    await payout(bo, 1_500_00, "2026-02-02", "zelle");
    await payout(bo, 600_00, "2026-12-31", "bank_transfer");
    await payout(bo, 5_000_00, "2026-03-02", "cash", { undoneAt: new Date() });
    await payout(bo, 3_000_00, "2026-03-09", "cash", { direction: "from_locksmith" });
    await payout(bo, 50_00, "2027-01-01", "cash");

    const y2025 = await yearEndReport(db(), 2025);
    expect(y2025.map((row) => [row.name, row.countedCents, row.apartCents, row.due])).toEqual([
      ["Maria Ortiz", 650_00, 900_00, true],
    ]);
    const y2026 = await yearEndReport(db(), 2026);
    expect(y2026.map((row) => [row.name, row.countedCents, row.due, row.missing])).toEqual([
      ["Bo Lind", 2_100_00, true, []],
      ["Sam Keyes", 1_900_00, false, ["taxpayer number"]],
    ]);
    expect(y2026[0]!.byMethod).toEqual({ zelle: 1_500_00, bank_transfer: 600_00 });
  });

  it("gives owners alone the year-end page and the IRIS file", async () => {
    const request = new Request("http://localhost/admin/payouts/year-end?year=2026");
    await expect(
      yearEndLoader({ request, context: contextFor("admin"), params: {} } as never),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      irisLoader({ request, context: contextFor("admin"), params: { year: "2026" } } as never),
    ).rejects.toMatchObject({ status: 403 });
    const payer = await yearEndAction({
      request: post("/admin/payouts/year-end", { intent: "payer", legalName: "X" }),
      context: contextFor("admin"),
      params: {},
    } as never).catch((thrown: Response) => thrown);
    expect((payer as Response).status).toBe(403);
  });

  it("says why the file cannot be made, then makes it with the due locksmiths alone", async () => {
    const file = (key?: string | null) =>
      irisLoader({
        request: new Request("http://localhost/"),
        context: contextFor("owner", key),
        params: { year: "2026" },
      } as never) as Promise<Response>;
    let answer = await file(null);
    expect(answer.status).toBe(409);
    expect(await answer.text()).toBe(TIN_KEY_TEXT.exportMissing);
    answer = await file();
    expect(await answer.text()).toBe(EXPORT_TEXT.noPayer);

    const saved = await yearEndAction({
      request: post("/admin/payouts/year-end", {
        intent: "payer",
        ...fullW9("Lockline Locksmith LLC", TINS.payer.typed, "ein"),
        street: "100 N State St",
        zip: "60602",
        phone: "(312) 555-0147",
      }),
      context: contextFor("owner"),
      params: {},
    } as never);
    expect((saved as unknown as { data: { ok: boolean } }).data.ok).toBe(true);

    const page = await yearEndLoader({
      request: new Request("http://localhost/admin/payouts/year-end?year=2026"),
      context: contextFor("owner"),
      params: {},
    } as never);
    expect(page).toMatchObject({ year: 2026, problem: null, threshold: { cents: 2_000_00 } });
    expect(leaked(JSON.stringify(page))).toEqual([]);

    answer = await file();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="iris-1099-nec-2026.csv"',
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await answer.text()).split("\r\n");
    expect(lines[0]).toBe(IRIS_1099_NEC_HEADER.join(","));
    expect(lines).toHaveLength(3);
    const cells = lines[1]!.split(",");
    const at = (column: (typeof IRIS_1099_NEC_HEADER)[number]) =>
      cells[IRIS_1099_NEC_HEADER.indexOf(column)];
    expect(at("Payer Taxpayer ID Number")).toBe(TINS.payer.digits);
    expect(at("Recipient Taxpayer ID Number")).toBe(TINS.bo.digits);
    expect(at("Recipient Last Name (Surname)")).toBe("Lind");
    expect(at("Box 1 - Nonemployee Compensation")).toBe("2100.00");
    // Sam is below the threshold, Maria was paid in 2025: neither is in 2026's file.
    expect(leaked(lines.join(), [TINS.maria.digits, TINS.sam.digits])).toEqual([]);

    const [logged] = await rowsOf<{ after: Record<string, unknown> }>(
      sql`select after from activity_log where action = 'iris_exported'`,
    );
    expect(logged!.after).toMatchObject({ year: 2026, forms: 1 });
  });

  it("fails loudly, with no file, when the key is not the one the numbers were sealed with", async () => {
    await expect(
      irisExport(db(), tinCipher(randomBytes(32).toString("base64")), 2026, TEST_ACTOR),
    ).rejects.toThrow(TIN_KEY_TEXT.wrongKey);
    const answer = (await irisLoader({
      request: new Request("http://localhost/"),
      context: contextFor("owner", randomBytes(32).toString("base64")),
      params: { year: "2026" },
    } as never)) as Response;
    expect(answer.status).toBe(409);
    expect(await answer.text()).toBe(TIN_KEY_TEXT.wrongKey);
  });

  it("lets no full number into the activity log, a statement CSV or a log line", async () => {
    // A save that fails unexpectedly is logged (handleIntents' 500): the line says what failed,
    // not what was typed.
    vi.spyOn(t.handle.db, "transaction").mockRejectedValueOnce(new Error("connection lost"));
    const failed = await saveW9(maria, fullW9("Maria Elena Ortiz", TINS.maria.typed));
    expect(failed.init?.status).toBe(500);
    expect(leaked(JSON.stringify(failed.data))).toEqual([]);
    expect(logLines.some((line) => line.includes("Failed to save the W-9"))).toBe(true);
    const activity = await rowsOf(sql`select * from activity_log`);
    expect(leaked(JSON.stringify(activity))).toEqual([]);
    const settings = await rowsOf(sql`select * from app_settings`);
    expect(leaked(JSON.stringify(settings))).toEqual([]);
    for (const id of [maria, sam, bo]) {
      const statement = (await statementCsvLoader({
        request: new Request(
          `http://localhost/admin/payouts/${id}/statement.csv?from=2025-01-01&to=2026-12-31`,
        ),
        context: contextFor("owner"),
        params: { locksmithId: id },
      } as never)) as Response;
      expect(leaked(await statement.text())).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(leaked(logLines.join("\n"))).toEqual([]);
  });

  it("files those whose W-9 is complete and names those left out", async () => {
    // 2025: Maria (complete) and Sam (no number yet) both passed $600.
    await payout(sam, 700_00, "2025-09-01", "cash");
    const page = (await yearEndLoader({
      request: new Request("http://localhost/admin/payouts/year-end?year=2025"),
      context: contextFor("owner"),
      params: {},
    } as never)) as { forms: number; leftOut: string | null; problem: string | null };
    expect(page).toMatchObject({
      forms: 1,
      leftOut: EXPORT_TEXT.leftOut(["Sam Keyes"]),
      problem: null,
    });
    const { csv, forms } = await irisExport(db(), tinCipher(KEY), 2025, TEST_ACTOR);
    expect(forms).toBe(1);
    expect(csv).toContain(`,${TINS.maria.digits},Individual,,,Maria,Elena,Ortiz,,US,`);
    expect(csv).toContain(",650.00,");
  });
});
