import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { locksmithCreateSchema } from "~/lib/schemas/locksmiths";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { locksmiths } from "../db/business-tables.server";
import { ChangeFeed, type Change } from "../live/change-feed.server";
import {
  countLocksmiths,
  createLocksmith,
  getLocksmith,
  listActiveLocksmiths,
  listLocksmithChoices,
  listLocksmiths,
  setLocksmithActive,
  updateLocksmith,
  type LocksmithFields,
} from "./locksmiths.server";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describeEachDatabase("locksmiths", (t) => {
  const fields = (overrides: Partial<LocksmithFields> = {}): LocksmithFields => ({
    name: "Test Smith",
    phone: "(312) 555-0100",
    email: null,
    assignedZips: [],
    paymentMethod: null,
    defaultCutPercent: 60,
    ...overrides,
  });

  it("adds a locksmith from the form: active, 60% by default, empty fields as null", async () => {
    const input = locksmithCreateSchema.parse({
      intent: "create",
      name: "Ray Kowalski",
      phone: "708-555-0142",
      email: "",
      assignedZips: "60453, 60455",
    });
    const created = await createLocksmith(t.handle.db, input, TEST_ACTOR);
    expect(created).toMatchObject({
      name: "Ray Kowalski",
      phone: "+17085550142",
      email: null,
      paymentMethod: null,
      active: true,
      assignedZips: ["60453", "60455"],
      defaultCutPercent: 60,
    });
    expect(await getLocksmith(t.handle.db, created.id)).toEqual(created);
  });

  it("updates every field, and leaves active alone unless told", async () => {
    const created = await createLocksmith(t.handle.db, fields({ name: "Before" }), TEST_ACTOR);
    await setLocksmithActive(t.handle.db, created.id, false, TEST_ACTOR);
    const after = {
      name: "After",
      phone: "(773) 555-0101",
      email: "after@example.com",
      assignedZips: ["60601"],
      paymentMethod: "Zelle",
      defaultCutPercent: 70,
      licenseNumber: "153.012345",
      licenseExpiresOn: "2027-02-28",
    };
    const updated = await updateLocksmith(t.handle.db, created.id, fields(after), TEST_ACTOR);
    expect(updated).toMatchObject({ ...after, active: false });
    // An emptied license field is saved as none.
    const cleared = await updateLocksmith(t.handle.db, created.id, fields(), TEST_ACTOR);
    expect(cleared).toMatchObject({ licenseNumber: null, licenseExpiresOn: null });
    expect(
      (await updateLocksmith(t.handle.db, created.id, fields({ active: true }), TEST_ACTOR)).active,
    ).toBe(true);
  });

  it("reports an unknown or malformed id as not found", async () => {
    await expect(
      updateLocksmith(t.handle.db, MISSING_ID, fields(), TEST_ACTOR),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      setLocksmithActive(t.handle.db, "not-a-uuid", false, TEST_ACTOR),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await getLocksmith(t.handle.db, "1; drop table locksmiths")).toBeUndefined();
  });

  it("sets Active or Inactive as asked, returning the new state; asking twice changes nothing", async () => {
    const created = await createLocksmith(t.handle.db, fields(), TEST_ACTOR);
    expect(await setLocksmithActive(t.handle.db, created.id, false, TEST_ACTOR)).toEqual({
      active: false,
    });
    expect(await setLocksmithActive(t.handle.db, created.id, false, TEST_ACTOR)).toEqual({
      active: false,
    });
    expect(await setLocksmithActive(t.handle.db, created.id, true, TEST_ACTOR)).toEqual({
      active: true,
    });
  });

  it("ends in the state asked for when many ask at once (two tabs, double clicks)", async () => {
    const created = await createLocksmith(t.handle.db, fields(), TEST_ACTOR);
    for (const wanted of [false, true, false]) {
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          setLocksmithActive(t.handle.db, created.id, wanted, TEST_ACTOR),
        ),
      );
      expect(results.every((result) => result.active === wanted)).toBe(true);
      expect((await getLocksmith(t.handle.db, created.id))?.active).toBe(wanted);
    }
  });

  it("refuses a cut outside 0-100 in the database too", async () => {
    await expect(
      t.handle.db.insert(locksmiths).values({ name: "X", phone: "1", defaultCutPercent: 101 }),
    ).rejects.toThrow();
  });

  it("searches name, email and phone, case-insensitive substrings", async () => {
    const db = t.handle.db;
    const ann = await createLocksmith(
      db,
      fields({
        name: "Annabel Qwertyson",
        email: "annabel@qwerty.example",
        phone: "(815) 555-0177",
      }),
      TEST_ACTOR,
    );
    const bo = await createLocksmith(
      db,
      fields({ name: "Bo Qwertyman", email: "bo@example.net", phone: "(815) 555-0178" }),
      TEST_ACTOR,
    );
    // Matching, not order, is under test: rows made in the same millisecond tie on created_at.
    const ids = async (q: string) =>
      (await listLocksmiths(db, { q })).rows.map((row) => row.id).sort();
    const both = [ann.id, bo.id].sort();
    expect(await ids("QWERTY")).toEqual(both);
    expect(await ids("nabel qwer")).toEqual([ann.id]);
    expect(await ids("@QWERTY.exam")).toEqual([ann.id]);
    // Phones by their digits, however they are typed.
    expect(await ids("555-0177")).toEqual([ann.id]);
    expect(await ids("(815) 555-017")).toEqual(both);
    expect(await ids("8155550178")).toEqual([bo.id]);
    expect(await ids("+1 815 555 0178")).toEqual([bo.id]);
    expect(await ids("18155550177")).toEqual([ann.id]);
    // LIKE's wildcards are plain characters in a search.
    expect(await ids("qwerty%")).toEqual([]);
    expect(await ids("q_erty")).toEqual([]);
  });

  it("filters by Active/Inactive and pages newest first", async () => {
    const db = t.handle.db;
    const base = Date.UTC(2024, 0, 1);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      name: `Pagerow ${String(i + 1).padStart(2, "0")}`,
      phone: "(312) 555-0199",
      active: i % 3 !== 0,
      createdAt: new Date(base + i * 60_000),
    }));
    await db.insert(locksmiths).values(rows);
    const first = await listLocksmiths(db, { q: "pagerow" });
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.name).toBe("Pagerow 30");
    const second = await listLocksmiths(db, { q: "pagerow", page: 2 });
    expect(second.rows.map((row) => row.name)).toEqual([
      "Pagerow 05",
      "Pagerow 04",
      "Pagerow 03",
      "Pagerow 02",
      "Pagerow 01",
    ]);
    // Past the end: the last page.
    expect((await listLocksmiths(db, { q: "pagerow", page: 7 })).page).toBe(2);
    const inactive = await listLocksmiths(db, { q: "pagerow", status: "inactive" });
    expect(inactive.total).toBe(10);
    expect(inactive.rows.every((row) => !row.active)).toBe(true);
    expect((await listLocksmiths(db, { q: "pagerow", status: "active" })).total).toBe(20);
    expect(await listLocksmiths(db, { q: "no such locksmith" })).toEqual({
      rows: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: 25,
      pageCount: 1,
    });
  });

  it("lists active locksmiths by name for the forms, and counts them", async () => {
    const db = t.handle.db;
    const before = await countLocksmiths(db);
    const zed = await createLocksmith(db, fields({ name: "Zed Activeonly" }), TEST_ACTOR);
    const amy = await createLocksmith(db, fields({ name: "Amy Activeonly" }), TEST_ACTOR);
    const off = await createLocksmith(db, fields({ name: "Off Activeonly" }), TEST_ACTOR);
    await setLocksmithActive(db, off.id, false, TEST_ACTOR);
    const active = (await listActiveLocksmiths(db)).filter((row) =>
      row.name.endsWith("Activeonly"),
    );
    expect(active).toEqual([
      { id: amy.id, name: "Amy Activeonly" },
      { id: zed.id, name: "Zed Activeonly" },
    ]);
    // The filters list everyone (an inactive locksmith's past jobs still need finding),
    // active first.
    const choices = (await listLocksmithChoices(db)).filter((row) =>
      row.name.endsWith("Activeonly"),
    );
    expect(choices).toEqual([
      { id: amy.id, name: "Amy Activeonly", active: true },
      { id: zed.id, name: "Zed Activeonly", active: true },
      { id: off.id, name: "Off Activeonly", active: false },
    ]);
    expect(await countLocksmiths(db)).toEqual({
      total: before.total + 3,
      active: before.active + 2,
    });
  });

  it("announces inserts, updates and deletes on the change channel", async () => {
    const feed = await ChangeFeed.start(t.handle);
    const seen: Change[] = [];
    feed.subscribe((change) => seen.push(change));
    try {
      const created = await createLocksmith(t.handle.db, fields({ name: "Live" }), TEST_ACTOR);
      await setLocksmithActive(t.handle.db, created.id, false, TEST_ACTOR);
      await t.handle.db.delete(locksmiths).where(sql`${locksmiths.id} = ${created.id}`);
      await expect
        .poll(() => seen.filter((change) => change.id === created.id).map((change) => change.op), {
          timeout: 5000,
        })
        .toEqual(["insert", "update", "delete"]);
      expect(seen.find((change) => change.id === created.id)?.table).toBe("locksmiths");
    } finally {
      await feed.close();
    }
  });
});
