import { describe, expect, it } from "vitest";
import { parseAngiLeadText } from "./angi-mail";
import { serviceTypeFromWords, zipFromAddress } from "./partner-leads";

const LEAD = `You have a new lead!

Customer Name: Dana Ruiz
Phone: (312) 555-0182
Email: dana.ruiz@example.com
Address: 2214 N Halsted St, Apt 3
Chicago, IL 60614

Task: Lockout - Emergency Service
Job Description: Locked out of my apartment, keys are inside.
Need someone within the hour please.

Respond quickly: customers hire the first pro who calls.`;

describe("parseAngiLeadText", () => {
  it("reads the customer's name, phone, address with its ZIP, and the job", () => {
    expect(parseAngiLeadText(LEAD)).toEqual({
      name: "Dana Ruiz",
      phone: "(312) 555-0182",
      email: "dana.ruiz@example.com",
      address: "2214 N Halsted St, Apt 3, Chicago, IL 60614",
      zip: "60614",
      description:
        "Lockout - Emergency Service: Locked out of my apartment, keys are inside. Need someone within the hour please.",
    });
  });

  it("takes the first of two description labels and keeps a wrapped one whole", () => {
    const lead = parseAngiLeadText("Name: Al\nJob Description: Rekey all\nthe locks\n");
    expect(lead?.description).toBe("Rekey all the locks");
  });

  it("is not a lead without a name or a phone (a newsletter)", () => {
    expect(parseAngiLeadText("This month on Angi: 5 tips\nRead more: https://x")).toBeNull();
  });

  it("reads Windows line ends", () => {
    expect(parseAngiLeadText("Name: Al Kim\r\nPhone: 312-555-0100\r\n")?.phone).toBe(
      "312-555-0100",
    );
  });
});

describe("serviceTypeFromWords", () => {
  it.each([
    ["Locked out of my car", "automotive"],
    ["Lockout - Emergency Service", "emergency"],
    ["Rekey the house", "rekeying"],
    ["Install a smart lock", "smart_locks"],
    ["Open a safe", "safes"],
    ["Office door lock broken", "commercial"],
    ["Duplicate 3 keys", "key_duplication"],
    ["Locksmith", "residential"],
  ] as const)("%s → %s", (words, type) => {
    expect(serviceTypeFromWords(words)).toBe(type);
  });
});

describe("zipFromAddress", () => {
  it("takes a trailing ZIP or ZIP+4, nothing else", () => {
    expect(zipFromAddress("Chicago, IL 60614-1234")).toBe("60614");
    expect(zipFromAddress("12345 Main St, Chicago")).toBeNull();
    expect(zipFromAddress(null)).toBeNull();
  });
});
