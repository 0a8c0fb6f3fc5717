import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniquePhone } from "../../../tests/helpers/phones";
import { listLeadActivity } from "../activity/activity.server";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { leadCreateSchema } from "~/lib/schemas/leads";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { leads } from "../db/business-tables.server";
import { ChangeFeed, type Change } from "../live/change-feed.server";
import { setLeadStatus } from "./lead-lifecycle.server";
import {
  countLeads,
  addLeadNote,
  createLead,
  editedFieldsOf,
  editLead,
  getLead,
  leadZip,
  listLeads,
  listOpenLeads,
  listRecentLeadChoices,
  type NewLead,
} from "./leads.server";
import { phoneGramCodes } from "../db/list-query.server";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("leads", (t) => {
  const newLead = (overrides: Partial<NewLead> = {}): NewLead => ({
    name: "Test Caller",
    phone: "(312) 555-0150",
    serviceType: "emergency",
    zip: "60601",
    ...overrides,
  });

  it("adds a lead from the form as new, added by hand", async () => {
    const input = leadCreateSchema.parse({
      intent: "create",
      name: "Ann Lee",
      phone: "773.555.0123",
      serviceType: "rekeying",
      zip: "60601",
      address: "  55 E Monroe St, 12th floor ",
    });
    const lead = await createLead(t.handle.db, input, TEST_ACTOR);
    expect(lead).toMatchObject({
      name: "Ann Lee",
      phone: "+17735550123",
      serviceType: "rekeying",
      zip: "60601",
      address: "55 E Monroe St, 12th floor",
      status: "new",
      source: "manual",
      assignedLocksmithId: null,
      details: null,
    });
    expect(await getLead(t.handle.db, lead.id)).toEqual(lead);
    expect(lead.customerId).not.toBeNull();
  });

  it("shows a lead without a name as 'Unknown'", async () => {
    const lead = await createLead(
      t.handle.db,
      newLead({ name: null, phone: "(312) 555-0142", source: "phone", zip: "00420" }),
      TEST_ACTOR,
    );
    expect(lead.name).toBeNull();
    const [row] = (await listLeads(t.handle.db, { q: "00420" })).rows;
    expect(row).toMatchObject({ id: lead.id, name: null, displayName: "Unknown" });
  });

  it("searches name, phone, service type and zip, case-insensitive substrings", async () => {
    const db = t.handle.db;
    const marta = await createLead(
      db,
      newLead({
        name: "Marta Zebrowska",
        phone: "(630) 555-0181",
        serviceType: "safes",
        zip: "69991",
      }),
      TEST_ACTOR,
    );
    const omar = await createLead(
      db,
      newLead({
        name: "Omar Zebrowski",
        phone: "+16305550182",
        serviceType: "automotive",
        zip: "69992",
      }),
      TEST_ACTOR,
    );
    const ids = async (q: string, status?: "new" | "cancelled") =>
      (await listLeads(db, { q, status })).rows
        .map((row) => row.id)
        .filter((id) => id === marta.id || id === omar.id)
        .sort();
    // Matching, not order, is under test: rows made in the same millisecond tie on created_at.
    const both = [marta.id, omar.id].sort();
    expect(await ids("ZEBROWSK")).toEqual(both);
    expect(await ids("ta zeb")).toEqual([marta.id]);
    expect(await ids("630) 555-0181")).toEqual([marta.id]);
    expect(await ids("630-555-0182")).toEqual([omar.id]);
    expect(await ids("6999")).toEqual(both);
    expect(await ids("69992")).toEqual([omar.id]);
    // A ZIP is digits: a word never matches one, whatever the column holds.
    expect(await ids("zebrowski 69992")).toEqual([]);
    // Service types by the label shown, or the stored value.
    expect(await ids("Automot")).toEqual([omar.id]);
    expect(await ids("SAFES")).toEqual([marta.id]);
    // Search and status filter together.
    await setLeadStatus(db, marta.id, "cancelled", TEST_ACTOR);
    expect(await ids("zebrowsk", "cancelled")).toEqual([marta.id]);
    expect(await ids("zebrowsk", "new")).toEqual([omar.id]);
  });

  it("finds a number by any run of its digits, and only with the digits in a row", async () => {
    const db = t.handle.db;
    // "70841"'s two 4-digit runs, 7084 and 0841, are both in this number, but apart.
    const apart = await createLead(
      db,
      newLead({ name: "Runs Apart", phone: "(708) 450-8412" }),
      TEST_ACTOR,
    );
    const inARow = await createLead(
      db,
      newLead({ name: "Runs In A Row", phone: "+17084155501" }),
      TEST_ACTOR,
    );
    const namesFound = async (q: string, status?: "new" | "cancelled") =>
      (await listLeads(db, { q, status })).rows
        .map((row) => row.name)
        .filter((name) => name?.startsWith("Runs "))
        .sort();
    expect(await namesFound("70841")).toEqual(["Runs In A Row"]);
    expect(await namesFound("708-41")).toEqual(["Runs In A Row"]);
    expect(await namesFound("450-84")).toEqual(["Runs Apart"]);
    expect(await namesFound("+1 708 450 8412")).toEqual(["Runs Apart"]);
    expect(await namesFound("17084155501")).toEqual(["Runs In A Row"]);
    expect(await namesFound("0841")).toEqual(["Runs Apart", "Runs In A Row"]);
    // Three digits are one run; one or two digits are read row by row.
    expect(await namesFound("708")).toEqual(["Runs Apart", "Runs In A Row"]);
    expect(await namesFound("412")).toEqual(["Runs Apart"]);
    expect(await namesFound("55")).toEqual(["Runs In A Row"]);
    expect(await namesFound("4")).toEqual(["Runs Apart", "Runs In A Row"]);
    expect(await namesFound("70842")).toEqual([]);
    // The runs follow the status the search is within.
    expect(await namesFound("70841", "cancelled")).toEqual([]);
    await setLeadStatus(db, inARow.id, "cancelled", TEST_ACTOR);
    expect(await namesFound("70841", "cancelled")).toEqual(["Runs In A Row"]);
    expect(await namesFound("70841", "new")).toEqual([]);
    // An edited number is searched by its new digits.
    const shown = {
      name: "Runs Apart",
      phone: "+17084508412",
      serviceType: "emergency",
      zip: "60601",
      address: null,
      details: null,
    };
    await editLead(
      db,
      apart.id,
      { typed: { ...shown, phone: "(815) 555-0199" }, was: { ...shown, address: "", details: "" } },
      TEST_ACTOR,
    );
    expect(await namesFound("450-84")).toEqual([]);
    expect(await namesFound("8155550199")).toEqual(["Runs Apart"]);
  });

  it("codes a search's digit runs as the database codes a number's", async () => {
    const digits = "17084508412";
    const [row] = await t.handle.db
      .select({ grams: leads.phoneGrams })
      .from(leads)
      .where(
        eq(
          leads.id,
          (await createLead(t.handle.db, newLead({ phone: "+17084508412" }), TEST_ACTOR)).id,
        ),
      );
    for (let start = 0; start < digits.length; start++) {
      for (let end = start + 3; end <= digits.length; end++) {
        expect(row?.grams).toEqual(
          expect.arrayContaining(phoneGramCodes(digits.slice(start, end))),
        );
      }
    }
    expect(phoneGramCodes("70841")).toEqual([17084, 10841]);
    expect(phoneGramCodes("084")).toEqual([1084]);
    expect(phoneGramCodes("08")).toEqual([]);
  });

  it("filters by source, with the search and status", async () => {
    const db = t.handle.db;
    const [call, web, office] = await Promise.all(
      (["phone", "web", "manual"] as const).map((source) =>
        createLead(db, newLead({ name: `Sourced Kowalczyk ${source}`, source }), TEST_ACTOR),
      ),
    );
    const ids = async (source?: "phone" | "web" | "manual", status?: "new" | "completed") =>
      (await listLeads(db, { q: "sourced kowalczyk", source, status })).rows.map((row) => row.id);
    expect(await ids("phone")).toEqual([call!.id]);
    expect(await ids("web")).toEqual([web!.id]);
    expect(await ids("manual")).toEqual([office!.id]);
    expect((await ids()).sort()).toEqual([call!.id, web!.id, office!.id].sort());
    await setLeadStatus(db, web!.id, "completed", TEST_ACTOR);
    expect(await ids("web", "new")).toEqual([]);
    expect(await ids("web", "completed")).toEqual([web!.id]);
  });

  it("finds emergency leads by 'lockout'", async () => {
    const lead = await createLead(t.handle.db, newLead({ serviceType: "emergency" }), TEST_ACTOR);
    const rows = (await listLeads(t.handle.db, { q: "lockout", pageSize: 1000 })).rows;
    expect(rows.some((row) => row.id === lead.id)).toBe(true);
    expect(
      rows.every((row) => row.serviceType === "emergency" || /lockout/i.test(row.name ?? "")),
    ).toBe(true);
  });

  it("pages a known set: page 2 holds the oldest 5 of 30, with the totals", async () => {
    const base = Date.UTC(2025, 5, 1);
    await t.handle.db.insert(leads).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Pagelead ${String(i + 1).padStart(2, "0")}`,
        phone: "(312) 555-0160",
        serviceType: "residential" as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const second = await listLeads(t.handle.db, { q: "pagelead", page: 2 });
    expect(second).toMatchObject({ total: 30, page: 2, pageSize: 25, pageCount: 2 });
    expect(second.rows.map((row) => row.name)).toEqual([
      "Pagelead 05",
      "Pagelead 04",
      "Pagelead 03",
      "Pagelead 02",
      "Pagelead 01",
    ]);
    const first = await listLeads(t.handle.db, { q: "pagelead" });
    expect(first.rows[0]?.name).toBe("Pagelead 30");
    expect(first.rows).toHaveLength(25);
  });

  it("lists only open leads for the dispatch form, with display names", async () => {
    const fresh = await createLead(t.handle.db, newLead({ name: null }), TEST_ACTOR);
    const done = await createLead(t.handle.db, newLead(), TEST_ACTOR);
    await setLeadStatus(t.handle.db, done.id, "completed", TEST_ACTOR);
    const list = await listOpenLeads(t.handle.db, 1000);
    expect(list.find((row) => row.id === fresh.id)).toEqual({
      id: fresh.id,
      name: null,
      displayName: "Unknown",
      phone: "+13125550150",
    });
    expect(list.some((row) => row.id === done.id)).toBe(false);
  });

  it("offers the New Job dialog no closed lead: it makes no job until reopened", async () => {
    const open = await createLead(t.handle.db, newLead({ phone: uniquePhone() }), TEST_ACTOR);
    const done = await createLead(t.handle.db, newLead({ phone: uniquePhone() }), TEST_ACTOR);
    const dropped = await createLead(t.handle.db, newLead({ phone: uniquePhone() }), TEST_ACTOR);
    await setLeadStatus(t.handle.db, done.id, "completed", TEST_ACTOR);
    await setLeadStatus(t.handle.db, dropped.id, "cancelled", TEST_ACTOR);
    const ids = (await listRecentLeadChoices(t.handle.db)).map((lead) => lead.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(dropped.id);
  });

  it("reads a ZIP out of free text", () => {
    expect(leadZip("60601")).toBe("60601");
    expect(leadZip(" 60601-1234 ")).toBe("60601");
    expect(leadZip("near 60453")).toBe("60453");
    expect(leadZip("606")).toBeNull();
    expect(leadZip(null)).toBeNull();
  });

  it("counts all leads and new ones", async () => {
    const before = await countLeads(t.handle.db);
    const lead = await createLead(t.handle.db, newLead(), TEST_ACTOR);
    await createLead(t.handle.db, newLead(), TEST_ACTOR);
    await setLeadStatus(t.handle.db, lead.id, "assigned", TEST_ACTOR);
    expect(await countLeads(t.handle.db)).toEqual({
      total: before.total + 2,
      new: before.new + 1,
    });
  });

  it("announces changes on the change channel", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    try {
      const lead = await createLead(t.handle.db, newLead(), TEST_ACTOR);
      await setLeadStatus(t.handle.db, lead.id, "cancelled", TEST_ACTOR);
      await t.handle.db.delete(leads).where(eq(leads.id, lead.id));
      await expect
        .poll(
          () => seen.filter((change) => change.id === lead.id).map((c) => `${c.table}:${c.op}`),
          {
            timeout: 5000,
          },
        )
        .toEqual(["leads:insert", "leads:update", "leads:delete"]);
    } finally {
      await feed.close();
    }
  });
});

describeEachDatabase("editing a lead", (t) => {
  const stored = async (id: string) =>
    (await t.handle.db.select().from(leads).where(eq(leads.id, id)))[0]!;
  const asShown = (fields: ReturnType<typeof editedFieldsOf>) =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? ""]));

  it("saves only what changed, and the timeline says what was and what is", async () => {
    const lead = await createLead(
      t.handle.db,
      { name: "Ann", phone: uniquePhone(), serviceType: "emergency", zip: "60601" },
      TEST_ACTOR,
    );
    const shown = editedFieldsOf(lead);
    const { changed } = await editLead(
      t.handle.db,
      lead.id,
      { typed: { ...shown, name: "Ann Lee", address: "123 W Madison St" }, was: asShown(shown) },
      TEST_ACTOR,
    );
    expect(changed).toEqual({ name: "Ann Lee", address: "123 W Madison St" });
    expect(await stored(lead.id)).toMatchObject({ name: "Ann Lee", address: "123 W Madison St" });
    const [entry] = await listLeadActivity(t.handle.db, lead.id);
    expect(entry).toMatchObject({
      action: "edited",
      before: { name: "Ann", address: null },
      after: { name: "Ann Lee", address: "123 W Madison St" },
    });
  });

  it("keeps both of two operators' changes to different fields; the later wins on the same field", async () => {
    const lead = await createLead(
      t.handle.db,
      { name: "Bo", phone: uniquePhone(), serviceType: "automotive" },
      TEST_ACTOR,
    );
    const shown = editedFieldsOf(lead);
    const was = asShown(shown);
    const other = { kind: "user" as const, id: "other", name: "Other Operator" };
    await editLead(t.handle.db, lead.id, { typed: { ...shown, zip: "60629" }, was }, other);
    await editLead(t.handle.db, lead.id, { typed: { ...shown, name: "Bo Diaz" }, was }, TEST_ACTOR);
    expect(await stored(lead.id)).toMatchObject({ name: "Bo Diaz", zip: "60629" });
    await editLead(t.handle.db, lead.id, { typed: { ...shown, name: "Bob" }, was }, other);
    expect((await stored(lead.id)).name).toBe("Bob");
    const edits = (await listLeadActivity(t.handle.db, lead.id)).filter(
      (e) => e.action === "edited",
    );
    expect(edits.map((e) => e.actorName)).toEqual([
      "Other Operator",
      "Test Operator",
      "Other Operator",
    ]);
  });

  it("moves the lead to the customer of a new phone number", async () => {
    const lead = await createLead(
      t.handle.db,
      { name: "Cy", phone: uniquePhone(), serviceType: "safes" },
      TEST_ACTOR,
    );
    const shown = editedFieldsOf(lead);
    const phone = uniquePhone();
    await editLead(
      t.handle.db,
      lead.id,
      { typed: { ...shown, phone }, was: asShown(shown) },
      TEST_ACTOR,
    );
    const after = await stored(lead.id);
    expect(after.phone).toBe(phone);
    expect(after.customerId).not.toBe(lead.customerId);
  });

  it("adds notes to the timeline, and refuses a lead that is gone", async () => {
    const lead = await createLead(
      t.handle.db,
      { name: "Di", phone: uniquePhone(), serviceType: "rekeying" },
      TEST_ACTOR,
    );
    await addLeadNote(t.handle.db, lead.id, "  Gate code 4411 ", TEST_ACTOR);
    expect((await listLeadActivity(t.handle.db, lead.id))[0]).toMatchObject({
      action: "note_added",
      after: { note: "Gate code 4411" },
    });
    await expect(addLeadNote(t.handle.db, MISSING_ID, "x", TEST_ACTOR)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("makes one lead from a double-clicked Add Lead (the same form token)", async () => {
    const requestId = crypto.randomUUID();
    const phone = uniquePhone();
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        createLead(t.handle.db, { name: "Ed", phone, serviceType: "safes", requestId }, TEST_ACTOR),
      ),
    );
    expect(new Set(made.map((lead) => lead.id)).size).toBe(1);
  });
});
