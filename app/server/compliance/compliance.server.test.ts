import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, expect, it } from "vitest";
import { addDays, formatDay, parseDay } from "~/lib/time/chicago-period";
import { licenseToday } from "~/lib/locksmiths/license";
import { activityLog } from "~/server/db/activity-tables.server";
import { assignments } from "~/server/db/business-tables.server";
import { complianceDocuments, complianceFiles } from "~/server/db/compliance-tables.server";
import { timers } from "~/server/db/night-watch-tables.server";
import { userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { fireDueTimers } from "~/server/night-watch/timer-worker.server";
import { dispatchLead } from "~/server/dispatch/dispatch.server";
import { RuleError } from "~/server/rule-error.server";
import { loader as fileLoader } from "~/routes/admin/compliance/file";
import { action as settingsAction } from "~/routes/admin/settings/compliance";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import {
  later,
  locksmithsFor,
  offersOf,
  savedWatchSettings,
  testZip,
  watchDeps,
  watchSettings,
  webRequest,
} from "../../../tests/helpers/night-watch";
import { configuredTexts } from "../../../tests/helpers/texting";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { diskFileStore } from "./file-store.server";
import { insertDemoCompliance } from "../demo/compliance.server";
import { listExpiringDocuments } from "./compliance.server";
import {
  openComplianceFile,
  pruneReplacedFiles,
  removeComplianceDocument,
  REPLACED_FILE_DAYS,
  saveComplianceDocument,
  type DocumentInput,
} from "./compliance.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "compliance-files-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const today = () => licenseToday();
const daysFromToday = (days: number) => formatDay(addDays(parseDay(today())!, days));
/** Every file the store holds now. */
const storedFiles = () =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile()).length
    : 0;

describeEachDatabase("compliance files", (t) => {
  const db = () => t.handle.db;
  const store = diskFileStore(root);

  const insurance = (locksmithId: string | null, expiresOn: string, file?: DocumentInput["file"]) =>
    saveComplianceDocument(
      db(),
      store,
      {
        locksmithId,
        kind: "insurance",
        provider: "Great Lakes Mutual",
        reference: "GL-100",
        amountCents: 100_000_000,
        expiresOn,
        checkedOn: null,
        file,
      },
      TEST_ACTOR,
    );

  const activityOf = (action: string) =>
    db().select().from(activityLog).where(eq(activityLog.action, action));

  it("records a document with its file, and a replacement updates the one row with a new file", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Filed Smith"]);
    const first = await insurance(smith!.id, daysFromToday(200), { bytes: PDF, name: "cert.pdf" });
    const [firstFile] = await db()
      .select()
      .from(complianceFiles)
      .where(eq(complianceFiles.id, first.fileId!));
    expect(firstFile).toMatchObject({
      fileType: "pdf",
      sizeBytes: PDF.byteLength,
      originalName: "cert.pdf",
    });
    // Never the uploader's name on disk: a random key.
    expect(firstFile!.storageKey).toMatch(/^[0-9a-f]{32}$/);

    const second = await insurance(smith!.id, daysFromToday(300), {
      bytes: PNG,
      name: "photo.png",
    });
    expect(second.id).toBe(first.id);
    expect(second.fileId).not.toBe(first.fileId);
    const rows = await db()
      .select()
      .from(complianceDocuments)
      .where(eq(complianceDocuments.locksmithId, smith!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      expiresOn: daysFromToday(300),
      provider: "Great Lakes Mutual",
    });
    const replaced = (await activityOf("compliance_replaced")).find(
      (row) => row.entityId === smith!.id,
    );
    expect(replaced?.before).toMatchObject({ expiresOn: daysFromToday(200) });

    // Updating the words without a file keeps the file on file.
    const third = await insurance(smith!.id, daysFromToday(310));
    expect(third.fileId).toBe(second.fileId);
  });

  const documentsOf = (holder: string | null) =>
    db()
      .select()
      .from(complianceDocuments)
      .where(
        holder
          ? eq(complianceDocuments.locksmithId, holder)
          : isNull(complianceDocuments.locksmithId),
      );
  const fileRow = async (id: string) =>
    (await db().select().from(complianceFiles).where(eq(complianceFiles.id, id)))[0];
  const bytesOf = async (id: string) => {
    const row = await fileRow(id);
    return row ? store.open(row.storageKey) : undefined;
  };

  it("removes a document: the row, its file's row, logged with what it said, then the bytes", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Removed Smith"]);
    const doc = await insurance(smith!.id, daysFromToday(120), { bytes: PDF, name: "c.pdf" });
    const key = (await fileRow(doc.fileId!))!.storageKey;
    await removeComplianceDocument(db(), store, smith!.id, "insurance", TEST_ACTOR);
    expect(await documentsOf(smith!.id)).toEqual([]);
    expect(await fileRow(doc.fileId!)).toBeUndefined();
    expect(await store.open(key)).toBeUndefined();
    const removed = (await activityOf("compliance_removed")).filter(
      (row) => row.entityId === smith!.id,
    );
    expect(removed.map((row) => [row.actorName, row.before])).toEqual([
      [
        "Test Operator",
        expect.objectContaining({
          kind: "insurance",
          expiresOn: daysFromToday(120),
          holder: "Removed Smith",
        }),
      ],
    ]);
    // Twice: nothing there to remove, said so.
    await expect(
      removeComplianceDocument(db(), store, smith!.id, "insurance", TEST_ACTOR),
    ).rejects.toThrow("This document is not on file (any more).");
  });

  it("lets an owner remove the business's document from its page, and refuses an admin", async () => {
    await db().delete(complianceDocuments).where(isNull(complianceDocuments.locksmithId));
    const doc = await insurance(null, daysFromToday(60), { bytes: PDF, name: "b.pdf" });
    const post = (role: "owner" | "admin") => {
      const context = new RouterContextProvider();
      context.set(userContext, { id: `${role}-2`, name: `The ${role}`, role } as never);
      context.set(servicesContext, { database: t.handle, env: { FILES_DIR: root } } as never);
      return settingsAction({
        request: new Request("http://localhost/admin/settings/compliance", {
          method: "POST",
          body: new URLSearchParams({ intent: "removeCompliance", kind: "insurance" }),
        }),
        context,
        params: {},
      } as never);
    };
    const refused = await post("admin").catch((thrown: unknown) => thrown as Response);
    expect((refused as Response).status).toBe(403);
    expect(await fileRow(doc.fileId!)).toBeDefined();
    await post("owner");
    expect(await documentsOf(null)).toEqual([]);
    expect(await fileRow(doc.fileId!)).toBeUndefined();
  });

  it("prunes replaced files once they are old enough, never a current one", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Pruned Smith"]);
    const first = await insurance(smith!.id, daysFromToday(100), { bytes: PDF, name: "a.pdf" });
    const firstKey = (await fileRow(first.fileId!))!.storageKey;
    const second = await insurance(smith!.id, daysFromToday(400), { bytes: PNG, name: "b.png" });
    const day = 86_400_000;
    const now = Date.now();
    await pruneReplacedFiles(db(), store, new Date(now + (REPLACED_FILE_DAYS - 1) * day));
    expect(await bytesOf(first.fileId!)).toBeDefined();
    await pruneReplacedFiles(db(), store, new Date(now + (REPLACED_FILE_DAYS + 1) * day));
    expect(await fileRow(first.fileId!)).toBeUndefined();
    expect(await store.open(firstKey)).toBeUndefined();
    expect(await bytesOf(second.fileId!)).toBeDefined();
  });

  it("refuses a file by its bytes, not its name, and writes nothing", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Refused Smith"]);
    const before = storedFiles();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    await expect(
      insurance(smith!.id, daysFromToday(100), { bytes: html, name: "cert.pdf" }),
    ).rejects.toMatchObject({
      message: "Choose a PDF, JPEG or PNG file",
      field: "file",
    });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    await expect(
      insurance(smith!.id, daysFromToday(100), { bytes: big, name: "big.pdf" }),
    ).rejects.toMatchObject({
      message: "Choose a file of at most 10 MB",
    });
    expect(await documentsOf(smith!.id)).toEqual([]);
    expect(storedFiles()).toBe(before);
  });

  it("opens a file for an owner only, and logs each opening with who and which file", async () => {
    const [smith] = await locksmithsFor(db(), testZip(), ["Opened Smith"]);
    const doc = await insurance(smith!.id, daysFromToday(90), {
      bytes: PDF,
      name: "../../etc/passwd",
    });
    const context = (role: "owner" | "admin") => {
      const provider = new RouterContextProvider();
      provider.set(userContext, { id: `${role}-1`, name: `The ${role}`, role } as never);
      provider.set(servicesContext, { database: t.handle, env: { FILES_DIR: root } } as never);
      return provider;
    };
    const call = (role: "owner" | "admin") =>
      fileLoader({
        params: { fileId: doc.fileId! },
        context: context(role),
        request: new Request("http://localhost/"),
      } as never) as Promise<Response>;

    // An admin is refused before anything is read or logged.
    const refused = await call("admin").catch((thrown: unknown) => thrown as Response);
    expect(refused.status).toBe(403);
    expect(
      (await activityOf("compliance_file_opened")).filter((row) => row.entityId === smith!.id),
    ).toEqual([]);

    const answer = await call("owner");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="opened-smith-insurance.pdf"',
    );
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(PDF);
    await openComplianceFile(db(), store, doc.fileId!, TEST_ACTOR);
    const opened = (await activityOf("compliance_file_opened")).filter(
      (row) => row.entityId === smith!.id,
    );
    expect(opened.map((row) => [row.actorName, row.after])).toEqual([
      ["The owner", { fileId: doc.fileId, document: "Opened Smith insurance", kind: "insurance" }],
      [
        "Test Operator",
        { fileId: doc.fileId, document: "Opened Smith insurance", kind: "insurance" },
      ],
    ]);
  });

  it("keeps a locksmith with lapsed insurance out of automatic offers", async () => {
    const settings = await savedWatchSettings(db(), { offerSeconds: 60, maxOffers: 3 });
    const zip = testZip();
    // Ann would be first by name; her insurance ran out yesterday.
    const [ann, bo] = await locksmithsFor(db(), zip, ["Ann Lapsed", "Bo Current"]);
    await insurance(ann!.id, daysFromToday(-1));
    await insurance(bo!.id, daysFromToday(0));
    const lead = await webRequest(db(), zip);
    await fireDueTimers(
      watchDeps(db(), () => settings),
      { now: later(new Date(), 5) },
    );
    const offers = await offersOf(db(), lead.id);
    expect(offers.map((offer) => offer.locksmithId)).toEqual([bo!.id]);
  });

  it("refuses a manual send to a lapsed locksmith until the office confirms it", async () => {
    const zip = testZip();
    const [smith] = await locksmithsFor(db(), zip, ["Manual Lapsed"]);
    const expired = daysFromToday(-3);
    await insurance(smith!.id, expired);
    const lead = await webRequest(db(), zip);
    const send = (confirmLapsed?: boolean) =>
      dispatchLead(
        db(),
        { leadId: lead.id, locksmithId: smith!.id, confirmLapsed },
        TEST_ACTOR,
        configuredTexts(),
      );
    const refusal = await send().catch((thrown: unknown) => thrown);
    expect(refusal).toBeInstanceOf(RuleError);
    const day = parseDay(expired)!;
    const month = [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ][day.month - 1];
    const label =
      expired.slice(0, 4) === today().slice(0, 4)
        ? `${month} ${day.day}`
        : `${month} ${day.day}, ${day.year}`;
    expect(refusal).toMatchObject({
      message: `Insurance expired ${label}: send anyway?`,
      field: "confirmLapsed",
    });
    expect(await offersOf(db(), lead.id)).toEqual([]);

    const sent = await send(true);
    expect(sent.locksmith.id).toBe(smith!.id);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.leadId, lead.id), eq(activityLog.action, "dispatched")));
    expect(entry!.after).toMatchObject({ sentDespite: `Insurance expired ${label}` });
    expect(
      await db().select().from(assignments).where(eq(assignments.leadId, lead.id)),
    ).toHaveLength(1);
  });

  it("reminds the office 30 and 7 days before a last day, once each", async () => {
    const settings = watchSettings({});
    const deps = watchDeps(db(), () => settings);
    const [smith] = await locksmithsFor(db(), testZip(), ["Reminded Smith"]);
    const expiresOn = daysFromToday(20);
    const doc = await insurance(smith!.id, expiresOn);
    const mine = () =>
      db()
        .select()
        .from(timers)
        .where(and(eq(timers.kind, "compliance_reminder"), eq(timers.state, "pending")))
        .then((rows) =>
          rows.filter((row) => (row.payload as { documentId?: string }).documentId === doc.id),
        );
    expect((await mine()).map((row) => (row.payload as { days: number }).days).sort()).toEqual([
      30, 7,
    ]);
    const reminders = async () =>
      (await activityOf("compliance_expiring"))
        .filter((row) => row.entityId === smith!.id)
        .map((row) => (row.after as { text: string }).text);

    const now = new Date();
    await fireDueTimers(deps, { now: later(now, 1) });
    expect(await reminders()).toEqual([
      expect.stringMatching(/^Reminded Smith's insurance expires in 20 days \(/),
    ]);
    // Recording the same last day again schedules nothing new; firing again says nothing new.
    await insurance(smith!.id, expiresOn);
    await fireDueTimers(deps, { now: later(now, 2) });
    expect(await reminders()).toHaveLength(1);
    // Thirteen days on, the 7-day reminder comes, once.
    const weekBefore = new Date(now.getTime() + 14 * 86_400_000);
    await fireDueTimers(deps, { now: weekBefore });
    await fireDueTimers(deps, { now: later(weekBefore, 60) });
    const said = await reminders();
    expect(said).toHaveLength(2);
    expect(said[1]).toMatch(/^Reminded Smith's insurance expires in [67] days/);
    // Each reminder also goes to the operators' devices.
    const pushes = await db().select().from(timers).where(eq(timers.kind, "operator_push"));
    expect(
      pushes.filter((row) => (row.payload as { tag?: string }).tag === `compliance-${doc.id}`),
    ).toHaveLength(2);
  });

  it("says nothing for a last day that was replaced before its reminder came", async () => {
    const settings = watchSettings({});
    const deps = watchDeps(db(), () => settings);
    const [smith] = await locksmithsFor(db(), testZip(), ["Renewed Smith"]);
    await insurance(smith!.id, daysFromToday(40));
    // Renewed for a year before the 30-day reminder: the old day's reminders are moot.
    await insurance(smith!.id, daysFromToday(400));
    await fireDueTimers(deps, { now: new Date(Date.now() + 11 * 86_400_000) });
    const said = (await activityOf("compliance_expiring")).filter(
      (row) => row.entityId === smith!.id,
    );
    expect(said).toEqual([]);
  });

  it("gives the demo crew papers: one insurance within 30 days, reminded; one lapsed", async () => {
    const crew = await locksmithsFor(db(), testZip(), [
      "Demo A",
      "Demo B",
      "Demo C",
      "Demo D",
      "Demo E",
      "Demo F",
    ]);
    await insertDemoCompliance(db(), crew, new Date());
    const soon = (await listExpiringDocuments(db(), today())).filter((doc) =>
      crew.some((smith) => smith.id === doc.locksmithId),
    );
    expect(soon.map((doc) => [doc.holder, doc.kind, doc.expiresOn])).toEqual([
      ["Demo D", "insurance", daysFromToday(-9)],
      ["Demo F", "insurance", daysFromToday(18)],
    ]);
    const business = await db()
      .select()
      .from(complianceDocuments)
      .where(isNull(complianceDocuments.locksmithId));
    expect(business.map((doc) => doc.kind).sort()).toEqual(["bond", "insurance"]);
    const reminded = await db().select().from(timers).where(eq(timers.kind, "compliance_reminder"));
    const expiring = await db()
      .select()
      .from(complianceDocuments)
      .where(
        and(
          eq(complianceDocuments.locksmithId, crew[5]!.id),
          eq(complianceDocuments.kind, "insurance"),
        ),
      );
    expect(
      reminded.filter(
        (row) => (row.payload as { documentId: string }).documentId === expiring[0]!.id,
      ),
    ).toHaveLength(2);
  });
});
