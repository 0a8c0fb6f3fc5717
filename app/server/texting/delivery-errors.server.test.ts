import { describe, expect, it } from "vitest";
import { classifyTryError, retryDelayMs } from "./delivery-errors.server";

describe("classifyTryError", () => {
  it("gives up on what Twilio refuses (a bad number), naming Twilio's code", () => {
    expect(
      classifyTryError({ status: 400, code: 21211, message: "Invalid 'To' Phone Number" }),
    ).toEqual({
      kind: "refused",
      error: "Twilio 21211: Invalid 'To' Phone Number",
    });
  });

  it("tries again when Twilio is busy or down", () => {
    expect(classifyTryError({ status: 503, message: "Service Unavailable" }).kind).toBe("retry");
    expect(classifyTryError({ status: 429, code: 20429, message: "Too Many Requests" }).kind).toBe(
      "retry",
    );
  });

  it("tries again when the connection was refused before anything was sent", () => {
    expect(classifyTryError({ code: "ECONNREFUSED", message: "connect ECONNREFUSED" })).toEqual({
      kind: "retry",
      error: "ECONNREFUSED: connect ECONNREFUSED",
    });
  });

  it("treats a timeout or a dropped connection as unanswered: it may have gone out", () => {
    expect(
      classifyTryError({ code: "ECONNABORTED", message: "timeout of 15000ms exceeded" }).kind,
    ).toBe("unanswered");
    expect(classifyTryError({ code: "ECONNRESET", message: "socket hang up" }).kind).toBe(
      "unanswered",
    );
    expect(classifyTryError(new Error("something odd")).kind).toBe("unanswered");
  });
});

describe("retryDelayMs", () => {
  it("doubles from 30 seconds", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});
