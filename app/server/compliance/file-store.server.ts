import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

/*
 * Where compliance files' bytes live (decision 0064): a small interface, so an S3-compatible
 * store can take the disk's place later without touching the rest. Keys are ours (random,
 * 128 bits, hex): the uploader's file name never reaches a path.
 */

export interface FileStore {
  /** Keeps the bytes under a new random key, and answers the key. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes of a key as a web stream, or undefined when they are not there. */
  open(key: string): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Forgets a key's bytes (a write whose record rolled back); no error when absent. */
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;

/** The store on this machine's disk: one file per key, in two-letter folders, under `root`. */
export function diskFileStore(root: string): FileStore {
  const where = (key: string) => {
    if (!KEY.test(key)) throw new Error("Not a file store key.");
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomBytes(16).toString("hex");
      const file = where(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written beside, then renamed: a crash never leaves half a file under the key.
      const partial = `${file}.part`;
      await fs.promises.writeFile(partial, bytes, { mode: 0o600, flag: "wx" });
      await fs.promises.rename(partial, file);
      return key;
    },
    async open(key) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(where(key), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
    },
    async remove(key) {
      await fs.promises.rm(where(key), { force: true });
    },
  };
}

/** The store this process keeps compliance files in (FILES_DIR). */
export function complianceFileStore(env: { FILES_DIR: string }): FileStore {
  return diskFileStore(env.FILES_DIR);
}
