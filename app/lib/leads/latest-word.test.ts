import { describe, expect, it } from "vitest";
import { changesWhere, customerUpdateText, latestWordChanges } from "./latest-word";

describe("the customer's latest word", () => {
  const lead = {
    address: "8001 S Ashland Ave",
    zip: "60620",
    serviceType: "emergency",
    details: "Front door",
  };

  it("takes a new address, service or notes, and nothing the repeat left empty", () => {
    expect(
      latestWordChanges(lead, {
        address: "8100 S Ashland Ave (rear door)",
        zip: "",
        serviceType: "emergency",
        details: undefined,
      }),
    ).toEqual({ address: "8100 S Ashland Ave (rear door)" });
    expect(
      latestWordChanges(lead, { serviceType: "automotive", details: "  Grey   Corolla " }),
    ).toEqual({ serviceType: "automotive", details: "Front door\nGrey Corolla" });
  });

  it("adds a repeat's notes to the customer's, never replacing them", () => {
    const gate = { details: "rear door, gate code 4411" };
    expect(latestWordChanges(gate, { details: "Called again, very cold" })).toEqual({
      details: "rear door, gate code 4411\nCalled again, very cold",
    });
    // Already said (in any case or spacing), or said again with more: no second copy.
    expect(latestWordChanges(gate, { details: "Gate  code 4411" })).toEqual({});
    expect(latestWordChanges(gate, { details: "Rear door, gate code 4411, blue house" })).toEqual({
      details: "Rear door, gate code 4411, blue house",
    });
    expect(latestWordChanges({ details: null }, { details: "Side door" })).toEqual({
      details: "Side door",
    });
  });

  it("does not count case or spacing as a change", () => {
    expect(latestWordChanges(lead, { address: " 8001  s ashland AVE ", zip: "60620" })).toEqual({});
  });

  it("fills a value the lead did not have", () => {
    expect(latestWordChanges({ address: null }, { address: "6118 S Pulaski Rd" })).toEqual({
      address: "6118 S Pulaski Rd",
    });
  });

  it("texts the locksmith a new address only: not notes, not the service", () => {
    expect(changesWhere({ address: "x" })).toBe(true);
    expect(changesWhere({ zip: "60629" })).toBe(true);
    expect(changesWhere({ details: "Rear door" })).toBe(false);
    expect(changesWhere({ serviceType: "automotive" })).toBe(false);
  });

  it("tells the office what changed and whether the locksmith was told", () => {
    expect(
      customerUpdateText({
        customer: "Dana Ruiz",
        fields: ["address", "details"],
        address: "8100 S Ashland Ave (rear door), 60620",
        locksmithTexted: "Andre Davis",
      }),
    ).toEqual({
      title: "Address changed for Dana Ruiz",
      description: "Now 8100 S Ashland Ave (rear door), 60620. Andre Davis was texted the change.",
    });
    expect(
      customerUpdateText({
        customer: "Dana Ruiz",
        fields: ["serviceType"],
        locksmithNotTexted: "Andre Davis",
      }),
    ).toEqual({
      title: "Service changed for Dana Ruiz",
      description: "Andre Davis has the job and was not texted: call them.",
    });
    expect(customerUpdateText({ customer: "Unknown", fields: ["details"] })).toEqual({
      title: "Notes changed for Unknown",
      description: "Nobody has the job yet.",
    });
  });
});
