import { describe, expect, it } from "vitest";
import { d1Problem, d1Record, D1_TEXT, type D1Check } from "./d1-record";

const CHECK: D1Check = {
  outcome: "checked",
  opened: "vehicle",
  askedBy: "Ann Lee",
  idType: "drivers_license",
  idLast4: "4821",
  idExpiry: "2031-01-31",
  idNameMatches: true,
  authority: "registration",
  authorityNameMatches: true,
  authorityAddressMatches: false,
  vin: "1HGCM82633A004352",
  plate: "AB1234",
  statementWay: "customer_link",
  statementName: "Ann M. Lee",
  statementAt: new Date("2026-11-20T08:05:00Z"),
  recordedAt: new Date("2026-11-20T08:00:00Z"),
};
const JOB = {
  id: "0f3c2a7e-1111-4222-8333-944455556666",
  clientName: "Ann Lee",
  address: "6118 S Pulaski Rd, Chicago, IL 60629",
  locksmithName: "Marcus Reed",
  locksmithLicense: "189.000123",
};
const BUSINESS = { name: "Lockline", phone: "(312) 555-0147", license: "IDFPR 127.000456" };

const rowsOf = (record: ReturnType<typeof d1Record>) =>
  Object.fromEntries(record.sections.flatMap((section) => section.rows));

describe("the D1 vehicle record of a door check", () => {
  it("is only for a completed check of a vehicle", () => {
    expect(d1Problem(CHECK)).toBeUndefined();
    expect(d1Problem({ ...CHECK, opened: "home", vin: null })).toBe(D1_TEXT.notVehicle);
    expect(d1Problem({ ...CHECK, vin: null })).toBe(D1_TEXT.notVehicle);
    expect(d1Problem({ ...CHECK, outcome: "refused" })).toBe(D1_TEXT.notChecked);
    expect(d1Problem({ ...CHECK, outcome: "awaiting_statement" })).toBe(D1_TEXT.notChecked);
  });

  it("names the professional, the vehicle with its model year, and the proof shown", () => {
    const record = d1Record(CHECK, JOB, BUSINESS);
    expect(rowsOf(record)).toMatchObject({
      Business: "Lockline",
      "Agency license": "IDFPR 127.000456",
      Locksmith: "Marcus Reed",
      "Locksmith license": "189.000123",
      VIN: "1HGCM82633A004352",
      "Model year (from the VIN)": "2003",
      "License plate": "AB1234",
      Name: "Ann M. Lee",
      "Photo ID": "Driver's license",
      "ID ends in": "4821",
      "Proof of ownership": "Vehicle registration",
      "Name on it matches": "Yes",
      "Address on it matches": "No",
    });
    expect(record.statement).toContain("a vehicle with plate AB1234, VIN 1HGCM82633A004352");
    expect(Object.fromEntries(record.signed)).toMatchObject({
      "Signed by": "Ann M. Lee",
      Signed: "On the customer's own phone",
    });
    expect(record.fileName).toBe("d1-job-0f3c2a7e.pdf");
  });

  it("says what is missing rather than leaving a blank", () => {
    const record = d1Record(
      { ...CHECK, plate: null, statementName: null, idNameMatches: null },
      { ...JOB, locksmithLicense: null },
      { name: "Lockline", phone: "(312) 555-0147" },
    );
    expect(rowsOf(record)).toMatchObject({
      "Agency license": "—",
      "Locksmith license": "—",
      "License plate": "—",
      // The person who asked, when nobody signed by name.
      Name: "Ann Lee",
      "Name on the ID matches": "Not recorded",
    });
    expect(record.statement).toContain("a vehicle, VIN 1HGCM82633A004352");
  });
});
