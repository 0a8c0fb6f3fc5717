import { expect, it } from "vitest";
import { createLogger, withRequestId } from "./logger.server";
import { readLogLevel } from "./env.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, write: (line: string) => void lines.push(JSON.parse(line)) };
}

it("tags the lines written while serving a request, and its async work, with its id", async () => {
  const out = capture();
  const log = createLogger("info", out);
  log.info("starting");
  await withRequestId("req-12345678", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.error({ err: new Error("boom") }, "failed");
  });
  expect(out.lines[0]).not.toHaveProperty("reqId");
  expect(out.lines[1]).toMatchObject({ reqId: "req-12345678", msg: "failed", level: 50 });
  expect(out.lines[1]!.err).toMatchObject({ message: "boom", type: "Error" });
});

it("honours the level: nothing below it, nothing at all when silent", () => {
  const out = capture();
  createLogger("error", out).info("hidden");
  createLogger("silent", out).error("hidden too");
  expect(out.lines).toEqual([]);
});

it("reads LOG_LEVEL, falling back to info on a bad value", () => {
  expect(readLogLevel({ LOG_LEVEL: "warn" })).toBe("warn");
  expect(readLogLevel({ LOG_LEVEL: "loud" })).toBe("info");
  expect(readLogLevel({})).toBe("info");
});
