import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskFileStore } from "~/server/compliance/file-store.server";
import {
  openComplianceFile,
  readComplianceDocuments,
  saveComplianceDocument,
} from "~/server/compliance/compliance.server";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import {
  backupFileName,
  backupFilesDir,
  lastBackupAt,
  pruneBackups,
  restoreBackup,
  runBackup,
} from "./backup.server";
import { openDatabase, type DatabaseHandle } from "./database.server";

describe("backups of the embedded database", () => {
  let database: DatabaseHandle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-backup-"));
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names files by UTC time", () => {
    expect(backupFileName(new Date("2026-11-22T03:15:09Z"))).toBe(
      "lockline-20261122-031509.tar.gz",
    );
  });

  it("writes a tarball that restores, and records when", async () => {
    expect(await lastBackupAt(database)).toBeNull();
    const at = new Date("2026-11-22T03:15:09Z");
    const file = await runBackup(database, { dir, keep: 7, filesDir: path.join(dir, "none") }, at);
    expect((await lastBackupAt(database))?.toISOString()).toBe(at.toISOString());
    const restored = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    const { rows } = await restored.query<{ n: number }>(
      "select count(*)::int as n from app_settings",
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(0);
    await restored.close();
  });

  it("keeps only the newest sets, files folders with them", () => {
    for (const name of [
      "lockline-20260101-000000.tar.gz",
      "lockline-20260102-000000.tar.gz",
      "lockline-20260103-000000.tar.gz",
      "notes.txt",
    ]) {
      fs.writeFileSync(path.join(dir, name), "x");
      if (name.endsWith(".tar.gz"))
        fs.mkdirSync(backupFilesDir(path.join(dir, name)), { recursive: true });
    }
    pruneBackups(dir, 2);
    const left = fs.readdirSync(dir).sort();
    expect(left).toContain("notes.txt");
    expect(left.filter((name) => name.endsWith(".tar.gz"))).toHaveLength(2);
    expect(left).not.toContain("lockline-20260101-000000.tar.gz");
    expect(left).not.toContain("lockline-20260101-000000-files");
    expect(left).toContain("lockline-20260103-000000-files");
  });
});

describe("a backup set carries the compliance files", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-restore-"));
  const dataDir = path.join(root, "data");
  const filesDir = path.join(root, "data-files");
  const backupDir = path.join(root, "data-backups");
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("backs up, wipes, restores, and the certificate opens: its row and its bytes", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n");
    const database = await openDatabase({ kind: "pglite", dataDir });
    let backup: string;
    let fileId: string;
    try {
      await database.migrate();
      const doc = await saveComplianceDocument(
        database.db,
        diskFileStore(filesDir),
        {
          locksmithId: null,
          kind: "insurance",
          provider: "Great Lakes Mutual",
          reference: "GL-7",
          amountCents: 100_000_000,
          expiresOn: "2030-01-31",
          checkedOn: null,
          file: { bytes: pdf, name: "certificate.pdf" },
        },
        TEST_ACTOR,
      );
      fileId = doc.fileId!;
      backup = await runBackup(database, { dir: backupDir, keep: 7, filesDir });
    } finally {
      await database.close();
    }

    // The machine is lost: the database and the files with it.
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
    await restoreBackup(backup, { dataDir, filesDir });

    const restored = await openDatabase({ kind: "pglite", dataDir });
    try {
      const business = await readComplianceDocuments(restored.db, null);
      expect(business.map((row) => [row.provider, row.file?.id])).toEqual([
        ["Great Lakes Mutual", fileId],
      ]);
      const opened = await openComplianceFile(
        restored.db,
        diskFileStore(filesDir),
        fileId,
        TEST_ACTOR,
      );
      expect(opened?.contentType).toBe("application/pdf");
      expect(new Uint8Array(await new Response(opened!.body).arrayBuffer())).toEqual(pdf);
    } finally {
      await restored.close();
    }
    // A PGlite on disk migrated from scratch, backed up and restored: tens of seconds on a
    // busy machine.
  }, 90_000);

  it("refuses to restore over a database that is still there", async () => {
    const [backup] = fs.readdirSync(backupDir).filter((name) => name.endsWith(".tar.gz"));
    await expect(
      restoreBackup(path.join(backupDir, backup!), { dataDir, filesDir }),
    ).rejects.toThrow(`${dataDir} is not empty: move it aside first.`);
  });
});
