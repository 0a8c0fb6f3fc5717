import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName, lastBackupAt, pruneBackups, runBackup } from "./backup.server";
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
    const file = await runBackup(database, dir, 7, at);
    expect((await lastBackupAt(database))?.toISOString()).toBe(at.toISOString());
    const restored = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    const { rows } = await restored.query<{ n: number }>(
      "select count(*)::int as n from app_settings",
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(0);
    await restored.close();
  });

  it("keeps only the newest files", () => {
    for (const name of [
      "lockline-20260101-000000.tar.gz",
      "lockline-20260102-000000.tar.gz",
      "lockline-20260103-000000.tar.gz",
      "notes.txt",
    ]) {
      fs.writeFileSync(path.join(dir, name), "x");
    }
    pruneBackups(dir, 2);
    const left = fs.readdirSync(dir).sort();
    expect(left).toContain("notes.txt");
    expect(left.filter((name) => name.endsWith(".tar.gz"))).toHaveLength(2);
    expect(left).not.toContain("lockline-20260101-000000.tar.gz");
  });
});
