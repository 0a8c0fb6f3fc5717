import { describe, expect, it } from "vitest";
import { REQUEST } from "../ui-text-shell";
import {
  isConnectionFailure,
  isDatabaseUnavailable,
  withoutConnectionFailures,
} from "./connection-failure";

const offline = () => new TypeError("Failed to fetch");

describe("connection failures", () => {
  it("are fetch's network errors and a cut-off answer", () => {
    expect(isConnectionFailure(offline())).toBe(true);
    expect(
      isConnectionFailure(new TypeError("NetworkError when attempting to fetch resource.")),
    ).toBe(true);
    expect(isConnectionFailure(new Error("Unable to decode turbo-stream response"))).toBe(true);
  });

  it("are not a loader's own errors", () => {
    // What a loader's throw turns into in the browser: an Error (sanitized in production),
    // a TypeError of its own, or an error response with a status.
    expect(isConnectionFailure(new Error("Unexpected Server Error"))).toBe(false);
    expect(isConnectionFailure(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isConnectionFailure({ status: 500, statusText: "Internal Server Error" })).toBe(false);
    expect(isConnectionFailure({ status: 404, data: "Not Found" })).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
    expect(isConnectionFailure("Failed to fetch")).toBe(false);
  });

  it("are left out of a reload's results, which keeps the page's data", () => {
    const results = {
      root: { type: "data" as const, result: { ok: 1 } },
      "routes/admin/layout": { type: "error" as const, result: offline() },
      "routes/admin/leads/index": { type: "error" as const, result: offline() },
    };
    expect(withoutConnectionFailures(results)).toEqual({
      results: { root: results.root },
      failed: true,
    });
  });

  it("leave real errors and data alone", () => {
    const results = {
      "routes/admin/layout": { type: "data" as const, result: {} },
      "routes/admin/leads/lead": {
        type: "error" as const,
        result: new Error("Unexpected Server Error"),
      },
    };
    const kept = withoutConnectionFailures(results);
    expect(kept.failed).toBe(false);
    expect(kept.results).toBe(results);
  });
});

describe("the server's database-unavailable answer (decision 0037)", () => {
  const answer = (status: number, data: unknown) => ({
    status,
    statusText: "Service Unavailable",
    internal: false,
    data,
  });
  const page = `<!DOCTYPE html><main><h1>${REQUEST.databaseUnavailableTitle}</h1></main>`;

  it("is the 503 carrying the outage page, and nothing else", () => {
    expect(isDatabaseUnavailable(answer(503, page))).toBe(true);
    expect(isDatabaseUnavailable(answer(503, "Too many passwords are being hashed"))).toBe(false);
    expect(isDatabaseUnavailable(answer(500, page))).toBe(false);
    expect(isDatabaseUnavailable(new Error(page))).toBe(false);
  });

  it("is left out of a reload's results like a dropped connection: the page stays", () => {
    const { results, failed } = withoutConnectionFailures({
      root: { type: "data" as const, result: { ok: 1 } },
      "routes/admin/layout": { type: "error" as const, result: answer(503, page) },
    });
    expect(failed).toBe(true);
    expect(Object.keys(results)).toEqual(["root"]);
  });
});
