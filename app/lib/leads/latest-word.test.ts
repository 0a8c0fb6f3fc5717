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
    ).toEqual({ serviceType: "automotive", details: "Grey Corolla" });
  });

  it("does not count case or spacing as a change", () => {
    expect(latestWordChanges(lead, { address: " 8001  s ashland AVE ", zip: "60620" })).toEqual({});
  });

  it("fills a value the lead did not have", () => {
    expect(latestWordChanges({ address: null }, { address: "6118 S Pulaski Rd" })).toEqual({
      address: "6118 S Pulaski Rd",
    });
  });

  it("texts the locksmith for where and what is wrong, not for the service alone", () => {
    expect(changesWhere({ address: "x" })).toBe(true);
    expect(changesWhere({ zip: "60629" })).toBe(true);
    expect(changesWhere({ details: "Rear door" })).toBe(true);
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
