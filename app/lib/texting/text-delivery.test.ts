import { describe, expect, it } from "vitest";
import { fromTwilioStatus, optKeyword, statusAfterReport } from "./text-delivery";

describe("fromTwilioStatus", () => {
  it("reads Twilio's statuses as ours", () => {
    expect(["queued", "accepted", "sending", "sent"].map(fromTwilioStatus)).toEqual([
      "sent",
      "sent",
      "sent",
      "sent",
    ]);
    expect(fromTwilioStatus("delivered")).toBe("delivered");
    expect(fromTwilioStatus("read")).toBe("delivered");
    expect(fromTwilioStatus("undelivered")).toBe("undelivered");
    expect(fromTwilioStatus("failed")).toBe("failed");
    expect(fromTwilioStatus("receiving")).toBe(undefined);
  });
});

describe("statusAfterReport", () => {
  it("moves a text forward only, whatever order the reports come in", () => {
    expect(statusAfterReport("sending", "sent")).toBe("sent");
    expect(statusAfterReport("sending", "delivered")).toBe("delivered");
    expect(statusAfterReport("sent", "delivered")).toBe("delivered");
    expect(statusAfterReport("delivered", "sent")).toBe(undefined);
    expect(statusAfterReport("sent", "sent")).toBe(undefined);
  });

  it("keeps an outcome final", () => {
    expect(statusAfterReport("delivered", "failed")).toBe(undefined);
    expect(statusAfterReport("undelivered", "delivered")).toBe(undefined);
  });

  it("records that an interrupted text did go out", () => {
    expect(statusAfterReport("interrupted", "delivered")).toBe("delivered");
  });
});

describe("optKeyword", () => {
  it("knows the carriers' opt-out and opt-in words, in any case, alone", () => {
    for (const word of [
      "STOP",
      "stop",
      " Stop. ",
      "UNSUBSCRIBE",
      "Cancel",
      "END",
      "quit",
      "STOPALL",
    ]) {
      expect(optKeyword(word)).toBe("opt_out");
    }
    for (const word of ["START", "unstop", "Yes"]) expect(optKeyword(word)).toBe("opt_in");
  });

  it("does not read a sentence that contains the word as a keyword", () => {
    expect(optKeyword("please stop by at 5")).toBe(undefined);
    expect(optKeyword("Don't cancel, I'm home")).toBe(undefined);
  });
});
