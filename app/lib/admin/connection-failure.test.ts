import { describe, expect, it } from "vitest";
import { isConnectionFailure, withoutConnectionFailures } from "./connection-failure";

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
