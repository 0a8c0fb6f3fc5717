import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { tokenRedactor } from "~/lib/security/token-paths";
import { createLogger, redactPathsInLogs, withRequestId } from "./logger.server";
import { readLogFormat, readLogLevel } from "./env.server";

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

it("redacts link tokens in any line's paths, messages and errors alike (issue 47)", () => {
  const token = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";
  const out = capture();
  redactPathsInLogs(tokenRedactor(["/t/:token", "/l/:token", "/review/thanks"]));
  try {
    const log = createLogger("info", out);
    log.warn({ path: `//t//${token}` }, "Page not found");
    log.error({ err: new Error(`POST to "/l/${token}/x" has no action`) }, "Unhandled error");
    log.info(`https://lockline.test/t/${token}?x=1 and /review/thanks`);
  } finally {
    redactPathsInLogs((path) => path);
  }
  const written = JSON.stringify(out.lines);
  expect(written).not.toContain(token);
  expect(out.lines[0]).toMatchObject({ path: "//t//:token" });
  expect(out.lines[2]).toMatchObject({
    msg: "https://lockline.test/t/:token?x=1 and /review/thanks",
  });
});

it("reads LOG_FORMAT, else writes readable lines at a terminal and JSON elsewhere", () => {
  expect(readLogFormat({}, true)).toBe("pretty");
  expect(readLogFormat({}, false)).toBe("json");
  expect(readLogFormat({ LOG_FORMAT: "json" }, true)).toBe("json");
  expect(readLogFormat({ LOG_FORMAT: "pretty" }, false)).toBe("pretty");
  expect(readLogFormat({ LOG_FORMAT: "loud" }, false)).toBe("json");
});

it("prints the demo owner's line readably when pretty, as JSON when not", () => {
  const print = (format: string) =>
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `const { logger } = await import("./app/server/logger.server.ts");
         logger.info("Demo owner created: owner@example.com / password: x");`,
      ],
      {
        cwd: path.join(import.meta.dirname, "../.."),
        env: { LOG_LEVEL: "info", LOG_FORMAT: format, NO_COLOR: "1" },
        encoding: "utf8",
      },
    );
  const pretty = print("pretty");
  expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Demo owner created: owner@example.com/);
  expect(pretty).not.toContain("{");
  expect(JSON.parse(print("json"))).toMatchObject({
    level: 30,
    msg: "Demo owner created: owner@example.com / password: x",
  });
}, 30_000);
