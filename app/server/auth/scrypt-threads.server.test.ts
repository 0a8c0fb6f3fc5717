import crypto from "node:crypto";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ScryptThreads } from "./scrypt-threads.server";

/** The niceness of each of this process's threads (Linux: /proc/self/task/<tid>/stat). */
function threadNiceness(): number[] {
  return fs.readdirSync("/proc/self/task").flatMap((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      // Fields after the command's closing parenthesis; niceness is field 19 of the line.
      return [Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
    } catch {
      return []; // the thread ended while we read
    }
  });
}

describe.runIf(process.platform === "linux")("scrypt threads", () => {
  it("hash at the priority they were given, and give the same key as node's scrypt", async () => {
    const threads = new ScryptThreads(1, 11);
    const salt = crypto.randomBytes(16);
    const options = { N: 2 ** 10, r: 8, p: 1 };
    const key = await threads.scrypt("Brass-Van-42", salt, 64, options);
    expect(key.equals(crypto.scryptSync("Brass-Van-42", salt, 64, options))).toBe(true);
    expect(threadNiceness().filter((niceness) => niceness === 11)).toHaveLength(1);
  });
});
