import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirectoryLock, DirectoryLockedError } from "./directory-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("acquireDirectoryLock", () => {
  it("refuses a directory held by another live process, naming it", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      fs.writeFileSync(path.join(dir, "lockline.pid"), String(holder.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
      expect(() => acquireDirectoryLock(dir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "lockline.pid"), "999999");
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, "lockline.pid"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "lockline.pid"))).toBe(false);
  });
});
