import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { DISPATCH_CODE_STATUSES } from "~/lib/business-enums";
import { RULE } from "~/lib/ui-text";
import { dispatchCodeCreateSchema } from "~/lib/schemas/dispatch-codes";
import { CODE_ALPHABET } from "~/lib/dispatch/dispatch-code";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { dispatchCodes } from "../db/business-tables.server";
import { ChangeFeed, type Change } from "../live/change-feed.server";
import {
  createDispatchCode,
  listDispatchCodes,
  setDispatchCodeStatus,
} from "./dispatch-codes.server";
import { createLead } from "../leads/leads.server";
import { createLocksmith, setLocksmithActive } from "../locksmiths/locksmiths.server";
import { RuleError } from "../rule-error.server";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const HOUR = 3_600_000;

/** Random bytes that spell the given codes, one code per draw. */
function spelling(...codes: string[]) {
  let draw = 0;
  return (size: number) => {
    const code = codes[Math.min(draw++, codes.length - 1)]!;
    return Uint8Array.from({ length: size }, (_, i) =>
      Math.max(0, CODE_ALPHABET.indexOf(code[i] ?? "A")),
    );
  };
}

describeEachDatabase("dispatch codes", (t) => {
  /** A code as the list shows it (with its lead's and locksmith's names). */
  const codeRow = async (code: string) =>
    (await listDispatchCodes(t.handle.db, { q: code })).rows[0];

  /** Inserts a code directly, with times relative to now. */
  async function code(
    value: string,
    status: (typeof DISPATCH_CODE_STATUSES)[number],
    expiresInHours: number,
  ) {
    const [row] = await t.handle.db
      .insert(dispatchCodes)
      .values({ code: value, status, expirationTime: new Date(Date.now() + expiresInHours * HOUR) })
      .returning();
    return row!;
  }

  it("creates a typed code as new, uppercased, expiring after the chosen hours", async () => {
    const smith = await createLocksmith(
      t.handle.db,
      {
        name: "Code Smith",
        phone: "(312) 555-0103",
        email: null,
        assignedZips: [],
        paymentMethod: null,
        defaultCutPercent: 60,
      },
      TEST_ACTOR,
    );
    const lead = await createLead(
      t.handle.db,
      {
        name: null,
        phone: "(312) 555-0104",
        serviceType: "emergency",
      },
      TEST_ACTOR,
    );
    const input = dispatchCodeCreateSchema.parse({
      intent: "create",
      code: " tc1a2b ",
      leadId: lead.id,
      locksmithId: smith.id,
      expirationHours: "48",
    });
    const created = await createDispatchCode(t.handle.db, input, TEST_ACTOR);
    expect(created).toMatchObject({
      code: "TC1A2B",
      status: "new",
      leadId: lead.id,
      locksmithId: smith.id,
    });
    expect(created.expirationTime.getTime() - created.createdAt.getTime()).toBe(48 * HOUR);
    expect(await codeRow(created.code)).toMatchObject({
      code: "TC1A2B",
      displayStatus: "new",
      leadName: "Unknown",
      leadPhone: "+13125550104",
      locksmithName: "Code Smith",
    });
  });

  it("defaults to 24 hours and no lead or locksmith", async () => {
    const created = await createDispatchCode(t.handle.db, { code: "DEF24H" }, TEST_ACTOR);
    expect(created).toMatchObject({ leadId: null, locksmithId: null });
    expect(created.expirationTime.getTime() - created.createdAt.getTime()).toBe(24 * HOUR);
    expect((await codeRow(created.code))?.leadName).toBeNull();
  });

  it("generates a 6-character code when none is typed", async () => {
    const created = await createDispatchCode(t.handle.db, {}, TEST_ACTOR);
    expect(created.code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it("refuses a typed code that is taken, with a message for the code field", async () => {
    await createDispatchCode(t.handle.db, { code: "TAKEN1" }, TEST_ACTOR);
    const error = await createDispatchCode(t.handle.db, { code: "taken1" }, TEST_ACTOR).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(RuleError);
    expect(error).toMatchObject({ message: RULE.codeTaken, field: "code" });
    const matches = await listDispatchCodes(t.handle.db, { q: "TAKEN1" });
    expect(matches.total).toBe(1);
  });

  it("draws a generated code again when it collides", async () => {
    await createDispatchCode(t.handle.db, { code: "CLASH1" }, TEST_ACTOR);
    const created = await createDispatchCode(
      t.handle.db,
      {},
      TEST_ACTOR,
      spelling("CLASH1", "FRESH1"),
    );
    expect(created.code).toBe("FRESH1");
    await createDispatchCode(t.handle.db, { code: "CLASH2" }, TEST_ACTOR);
    await expect(
      createDispatchCode(t.handle.db, {}, TEST_ACTOR, spelling(...Array(5).fill("CLASH2"))),
    ).rejects.toThrow(RULE.codeTaken);
  });

  it("refuses bad codes and hours, in the model and in the database", async () => {
    await expect(
      createDispatchCode(t.handle.db, { code: "AB-12" }, TEST_ACTOR),
    ).rejects.toMatchObject({
      field: "code",
    });
    await expect(
      createDispatchCode(t.handle.db, { code: "OK1", expirationHours: 169 }, TEST_ACTOR),
    ).rejects.toMatchObject({
      field: "expirationHours",
    });
    await expect(
      createDispatchCode(t.handle.db, { code: "OK2", expirationHours: 0 }, TEST_ACTOR),
    ).rejects.toThrow(RuleError);
    await expect(
      createDispatchCode(t.handle.db, { code: "OK3", leadId: "7" }, TEST_ACTOR),
    ).rejects.toMatchObject({
      field: "leadId",
    });
    await expect(
      t.handle.db.insert(dispatchCodes).values({ code: "lower", expirationTime: new Date() }),
    ).rejects.toThrow();
  });

  it("refuses a lead that is gone and a locksmith who is unknown or inactive, writing nothing", async () => {
    const resting = await createLocksmith(
      t.handle.db,
      {
        name: "Resting Dispatch Smith",
        phone: "(312) 555-0144",
        email: null,
        assignedZips: [],
        paymentMethod: null,
        defaultCutPercent: 60,
      },
      TEST_ACTOR,
    );
    await setLocksmithActive(t.handle.db, resting.id, false, TEST_ACTOR);
    for (const [choice, field, message] of [
      [{ leadId: MISSING_ID }, "leadId", "Choose a lead from the list"],
      [{ locksmithId: MISSING_ID }, "locksmithId", "Choose a locksmith from the list"],
      [{ locksmithId: resting.id }, "locksmithId", RULE.locksmithInactive],
    ] as const) {
      const error = await createDispatchCode(
        t.handle.db,
        { code: "STALE1", ...choice },
        TEST_ACTOR,
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RuleError);
      expect(error).toMatchObject({ field, message });
    }
    expect((await listDispatchCodes(t.handle.db, { q: "STALE1" })).total).toBe(0);
  });

  it("shows and filters codes past their time as expired, unless used", async () => {
    const now = new Date();
    // Five shared letters: a generated code elsewhere in the database almost never holds them.
    const lapsedNew = await code("XPIRENEW1", "new", -1);
    const lapsedAssigned = await code("XPIREASG1", "assigned", -1);
    const lapsedUsed = await code("XPIREUSD1", "used", -1);
    const markedExpired = await code("XPIREEXP1", "expired", 5);
    const live = await code("XPIRELIV1", "new", 5);
    const shown = (await listDispatchCodes(t.handle.db, { q: "XPIRE" }, now)).rows;
    const statusOf = (id: string) => shown.find((row) => row.id === id)?.displayStatus;
    expect(statusOf(lapsedNew.id)).toBe("expired");
    expect(statusOf(lapsedAssigned.id)).toBe("expired");
    expect(statusOf(lapsedUsed.id)).toBe("used");
    expect(statusOf(markedExpired.id)).toBe("expired");
    expect(statusOf(live.id)).toBe("new");

    const codesWith = async (status: (typeof DISPATCH_CODE_STATUSES)[number]) =>
      (await listDispatchCodes(t.handle.db, { q: "XPIRE", status }, now)).rows
        .map((row) => row.code)
        .sort();
    expect(await codesWith("expired")).toEqual(["XPIREASG1", "XPIREEXP1", "XPIRENEW1"]);
    expect(await codesWith("new")).toEqual(["XPIRELIV1"]);
    expect(await codesWith("used")).toEqual(["XPIREUSD1"]);
    expect(await codesWith("assigned")).toEqual([]);
  });

  it("sets any status from any other", async () => {
    const created = await createDispatchCode(t.handle.db, { code: "STATUS1" }, TEST_ACTOR);
    for (const from of DISPATCH_CODE_STATUSES) {
      for (const to of DISPATCH_CODE_STATUSES) {
        await setDispatchCodeStatus(t.handle.db, created.id, from, TEST_ACTOR);
        expect((await setDispatchCodeStatus(t.handle.db, created.id, to, TEST_ACTOR)).status).toBe(
          to,
        );
      }
    }
    await expect(
      setDispatchCodeStatus(t.handle.db, MISSING_ID, "used", TEST_ACTOR),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("searches by code, case-insensitive substring, and pages newest first", async () => {
    // Seven characters and more: no generated (6-character) code elsewhere in the database can match.
    const base = Date.UTC(2025, 2, 1);
    await t.handle.db.insert(dispatchCodes).values(
      Array.from({ length: 30 }, (_, i) => ({
        code: `PG${String(i + 1).padStart(2, "0")}QZXW`,
        expirationTime: new Date(base + 24 * HOUR),
        createdAt: new Date(base + i * 1000),
      })),
    );
    const second = await listDispatchCodes(t.handle.db, { q: "qzxw", page: 2 });
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.rows.map((row) => row.code)).toEqual([
      "PG05QZXW",
      "PG04QZXW",
      "PG03QZXW",
      "PG02QZXW",
      "PG01QZXW",
    ]);
    const g1 = (await listDispatchCodes(t.handle.db, { q: "g1" })).rows.map((row) => row.code);
    // Only this test's codes: a random code elsewhere may contain "G1" too.
    expect(g1.filter((value) => value.endsWith("QZXW")).sort()).toEqual(
      Array.from({ length: 9 }, (_, i) => `PG1${i + 1}QZXW`)
        .concat("PG10QZXW")
        .sort(),
    );
  });

  it("announces changes on the change channel", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    try {
      const created = await createDispatchCode(t.handle.db, { code: "LIVE1" }, TEST_ACTOR);
      await setDispatchCodeStatus(t.handle.db, created.id, "used", TEST_ACTOR);
      await t.handle.db.delete(dispatchCodes).where(eq(dispatchCodes.id, created.id));
      await expect
        .poll(
          () => seen.filter((change) => change.id === created.id).map((c) => `${c.table}:${c.op}`),
          {
            timeout: 5000,
          },
        )
        .toEqual(["dispatch_codes:insert", "dispatch_codes:update", "dispatch_codes:delete"]);
    } finally {
      await feed.close();
    }
  });
});
