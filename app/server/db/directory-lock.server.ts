import fs from "node:fs";
import path from "node:path";

export class DirectoryLockedError extends Error {
  override name = "DirectoryLockedError";
}

/**
 * PGlite has no lock on its data directory and two processes writing one corrupt it,
 * so we hold a pid file for as long as the database is open.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "lockline.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DirectoryLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another Lockline process (pid ${holder}). ` +
            `Stop that process, or point DATA_DIR at another directory, or use DATABASE_URL.`,
        );
      }
      // The holder is gone (crash, kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock ${path.resolve(dataDir)}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
