import { describe, expect, it } from "vitest";
import {
  IRIS_1099_NEC_HEADER,
  irisNecCells,
  irisNecCsv,
  personNameParts,
  type IrisPayer,
  type IrisRecipient,
} from "./iris-csv";

/*
 * The IRIS Taxpayer Portal's 1099-NEC template, its header row written out whole (decision
 * 0070 says where it comes from): a column added, moved or renamed fails here.
 */
const PUBLISHED_HEADER =
  "Form Type,Tax Year,Payer TIN Type,Payer Taxpayer ID Number,Payer Name Type," +
  "Payer Business or Entity Name Line 1,Payer Business or Entity Name Line 2," +
  "Payer First Name,Payer Middle Name,Payer Last Name (Surname),Payer Suffix," +
  "Payer Country,Payer Address Line 1,Payer Address Line 2,Payer City/Town," +
  "Payer State/Province/Territory,Payer ZIP/Postal Code,Payer Phone Type,Payer Phone," +
  "Payer Email Address,Recipient TIN Type,Recipient Taxpayer ID Number,Recipient Name Type," +
  "Recipient Business or Entity Name Line 1,Recipient Business or Entity Name Line 2," +
  "Recipient First Name,Recipient Middle Name,Recipient Last Name (Surname),Recipient Suffix," +
  "Recipient Country,Recipient Address Line 1,Recipient Address Line 2,Recipient City/Town," +
  "Recipient State/Province/Territory,Recipient ZIP/Postal Code,Office Code,Form Account Number," +
  "2nd TIN Notice,Box 1 - Nonemployee Compensation," +
  "Box 2 - Payer made direct sales totaling $5000 or more of consumer products to a recipient for resale," +
  "Box 3 - Excess golden parachute payments," +
  "Box 4 - Federal income tax withheld,Combined Federal/State Filing," +
  "State 1,State 1 - State Tax Withheld,State 1 - State/Payer state number,State 1 - State income," +
  "State 1 - Local income tax withheld,State 1 - Special Data Entries," +
  "State 2,State 2 - State Tax Withheld,State 2 - State/Payer state number,State 2 - State income," +
  "State 2 - Local income tax withheld,State 2 - Special Data Entries";

const payer: IrisPayer = {
  tinType: "ein",
  tin: "361234567",
  legalName: "Lockline Locksmith LLC",
  businessName: null,
  address: {
    street: "100 N State St",
    street2: "Suite 5",
    city: "Chicago",
    state: "IL",
    zip: "60602",
  },
  phone: "3125550147",
};

const person: IrisRecipient = {
  tinType: "ssn",
  tin: "123456789",
  legalName: "Maria Elena Ortiz",
  businessName: "Ortiz Lock & Key",
  address: { street: "4100 W 63rd St", street2: null, city: "Chicago", state: "IL", zip: "60629" },
  accountNumber: "a1b2c3d4",
};

function cellOf(cells: string[], column: (typeof IRIS_1099_NEC_HEADER)[number]): string {
  return cells[IRIS_1099_NEC_HEADER.indexOf(column)]!;
}

describe("the IRIS 1099-NEC CSV", () => {
  it("has the template's header row, column for column", () => {
    expect(IRIS_1099_NEC_HEADER.join(",")).toBe(PUBLISHED_HEADER);
    expect(irisNecCsv(2025, payer, [])).toBe(`${PUBLISHED_HEADER}\r\n`);
    expect(IRIS_1099_NEC_HEADER).toHaveLength(55);
  });

  it("puts a person in the name's parts and the amount in box 1", () => {
    const cells = irisNecCells(2025, payer, person, 1_234_56);
    expect(cells).toHaveLength(IRIS_1099_NEC_HEADER.length);
    expect(cellOf(cells, "Form Type")).toBe("1099-NEC");
    expect(cellOf(cells, "Tax Year")).toBe("2025");
    expect(cellOf(cells, "Payer TIN Type")).toBe("EIN");
    expect(cellOf(cells, "Payer Taxpayer ID Number")).toBe("361234567");
    expect(cellOf(cells, "Payer Name Type")).toBe("Business");
    expect(cellOf(cells, "Payer Business or Entity Name Line 1")).toBe("Lockline Locksmith LLC");
    expect(cellOf(cells, "Payer Address Line 2")).toBe("Suite 5");
    expect(cellOf(cells, "Payer Phone")).toBe("3125550147");
    expect(cellOf(cells, "Recipient TIN Type")).toBe("SSN");
    expect(cellOf(cells, "Recipient Taxpayer ID Number")).toBe("123456789");
    expect(cellOf(cells, "Recipient Name Type")).toBe("Individual");
    expect(cellOf(cells, "Recipient First Name")).toBe("Maria");
    expect(cellOf(cells, "Recipient Middle Name")).toBe("Elena");
    expect(cellOf(cells, "Recipient Last Name (Surname)")).toBe("Ortiz");
    expect(cellOf(cells, "Recipient Business or Entity Name Line 2")).toBe("Ortiz Lock & Key");
    expect(cellOf(cells, "Recipient Country")).toBe("US");
    expect(cellOf(cells, "Recipient City/Town")).toBe("Chicago");
    expect(cellOf(cells, "Recipient State/Province/Territory")).toBe("IL");
    expect(cellOf(cells, "Recipient ZIP/Postal Code")).toBe("60629");
    expect(cellOf(cells, "Form Account Number")).toBe("a1b2c3d4");
    expect(cellOf(cells, "Box 1 - Nonemployee Compensation")).toBe("1234.56");
    expect(cellOf(cells, "Box 4 - Federal income tax withheld")).toBe("");
  });

  it("names a business by its legal name and gives an ITIN as an individual's number", () => {
    const business = irisNecCells(
      2026,
      payer,
      {
        ...person,
        tinType: "ein",
        tin: "271234567",
        legalName: "South Side Keys Inc",
        businessName: null,
      },
      2_500_00,
    );
    expect(cellOf(business, "Recipient TIN Type")).toBe("EIN");
    expect(cellOf(business, "Recipient Name Type")).toBe("Business");
    expect(cellOf(business, "Recipient Business or Entity Name Line 1")).toBe(
      "South Side Keys Inc",
    );
    expect(cellOf(business, "Recipient First Name")).toBe("");
    const itin = irisNecCells(2026, payer, { ...person, tinType: "itin", tin: "912701234" }, 100);
    expect(cellOf(itin, "Recipient TIN Type")).toBe("SSN");
    expect(cellOf(itin, "Box 1 - Nonemployee Compensation")).toBe("1.00");
  });

  it("writes one CRLF line per recipient, quoting what needs it", () => {
    const file = irisNecCsv(2025, payer, [
      { recipient: person, box1Cents: 60_000 },
      { recipient: { ...person, legalName: "Sam O'Neil, Jr." }, box1Cents: 70_000 },
    ]);
    const lines = file.split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(lines[1]).toContain(",123456789,Individual,,Ortiz Lock & Key,Maria,Elena,Ortiz,,US,");
    expect(lines[2]).toContain(",Sam,,O'Neil,Jr.,US,");
  });

  it("splits a person's name into IRIS's parts", () => {
    expect(personNameParts("Maria Ortiz")).toEqual({
      first: "Maria",
      middle: "",
      last: "Ortiz",
      suffix: "",
    });
    expect(personNameParts(" John  Paul  Smith  III ")).toEqual({
      first: "John",
      middle: "Paul",
      last: "Smith",
      suffix: "III",
    });
    expect(personNameParts("Cher")).toEqual({ first: "Cher", middle: "", last: "", suffix: "" });
    expect(personNameParts("Tom Jr.")).toEqual({
      first: "Tom",
      middle: "",
      last: "Jr.",
      suffix: "",
    });
  });
});
