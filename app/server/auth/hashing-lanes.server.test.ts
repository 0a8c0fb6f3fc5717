import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { hashPassword, inOperatorLane, verifyPassword } from "./password.server";

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

describe.runIf(process.platform === "linux")("the hashing lanes", () => {
  it("hash operators' work at normal priority and the rest on a thread at the lowest, the process untouched", async () => {
    // The process's own niceness (a test run under `nice` starts at 10).
    const [base] = threadNiceness();
    const hash = await inOperatorLane(() => hashPassword("Brass-Van-42"));
    expect(threadNiceness().filter((niceness) => niceness === 19)).toEqual([]);
    expect(await verifyPassword({ hash, password: "Brass-Van-42" })).toBe(true);
    expect(await verifyPassword({ hash, password: "Brass-Van-43" })).toBe(false);
    // The other lane (a reset, a sign-up): one thread niced, the main thread as it was.
    expect(threadNiceness().filter((niceness) => niceness === 19)).toHaveLength(1);
    expect(threadNiceness()[0]).toBe(base);
  });
});
