import { csvLine } from "../admin/csv";
import { centsToInput } from "../money/money";
import type { TinType } from "./tin";

/*
 * Form 1099-NEC as one row of the CSV the IRS's IRIS Taxpayer Portal takes ("Upload CSV with
 * Form Data"; IRS Publication 5717, the IRIS Taxpayer Portal user guide): one row per
 * recipient, the payer repeated on each, at most 100 rows a file.
 *
 * The header below is the portal's 1099-NEC template as two public implementations transcribe
 * it (the template itself is a download inside the portal, behind an ID.me sign-in, and could
 * not be read from here): the columns and their order from one, with Box 3 (excess golden
 * parachute payments, on Form 1099-NEC from tax year 2025) where the other and the form put
 * it. Before the first upload of a year, compare it with the template the portal offers for
 * that year; the year-end page says so (decision 0070).
 */
export const IRIS_1099_NEC_HEADER = [
  "Form Type",
  "Tax Year",
  "Payer TIN Type",
  "Payer Taxpayer ID Number",
  "Payer Name Type",
  "Payer Business or Entity Name Line 1",
  "Payer Business or Entity Name Line 2",
  "Payer First Name",
  "Payer Middle Name",
  "Payer Last Name (Surname)",
  "Payer Suffix",
  "Payer Country",
  "Payer Address Line 1",
  "Payer Address Line 2",
  "Payer City/Town",
  "Payer State/Province/Territory",
  "Payer ZIP/Postal Code",
  "Payer Phone Type",
  "Payer Phone",
  "Payer Email Address",
  "Recipient TIN Type",
  "Recipient Taxpayer ID Number",
  "Recipient Name Type",
  "Recipient Business or Entity Name Line 1",
  "Recipient Business or Entity Name Line 2",
  "Recipient First Name",
  "Recipient Middle Name",
  "Recipient Last Name (Surname)",
  "Recipient Suffix",
  "Recipient Country",
  "Recipient Address Line 1",
  "Recipient Address Line 2",
  "Recipient City/Town",
  "Recipient State/Province/Territory",
  "Recipient ZIP/Postal Code",
  "Office Code",
  "Form Account Number",
  "2nd TIN Notice",
  "Box 1 - Nonemployee Compensation",
  "Box 2 - Payer made direct sales totaling $5000 or more of consumer products to a recipient for resale",
  "Box 3 - Excess golden parachute payments",
  "Box 4 - Federal income tax withheld",
  "Combined Federal/State Filing",
  "State 1",
  "State 1 - State Tax Withheld",
  "State 1 - State/Payer state number",
  "State 1 - State income",
  "State 1 - Local income tax withheld",
  "State 1 - Special Data Entries",
  "State 2",
  "State 2 - State Tax Withheld",
  "State 2 - State/Payer state number",
  "State 2 - State income",
  "State 2 - Local income tax withheld",
  "State 2 - Special Data Entries",
] as const;

/** The portal's most rows in one upload. */
export const IRIS_ROWS_PER_FILE = 100;

export interface TaxAddress {
  street: string;
  street2: string | null;
  city: string;
  /** Two letters: "IL". */
  state: string;
  /** "60601" or "60601-1234". */
  zip: string;
}

export interface IrisParty {
  tinType: TinType;
  /** Nine digits: the whole number, decrypted for this file alone. */
  tin: string;
  /** The name on their tax return (W-9 line 1). */
  legalName: string;
  /** A business or "doing business as" name (W-9 line 2), if any. */
  businessName: string | null;
  address: TaxAddress;
}

export interface IrisPayer extends IrisParty {
  /** Digits only. */
  phone: string;
}

export interface IrisRecipient extends IrisParty {
  /** Ours, to tell two forms apart: the locksmith's short id. */
  accountNumber: string;
}

/**
 * An individual's name in IRIS's parts (it asks for them apart): the last word is the
 * surname (after a suffix such as "Jr." or "III", which goes to Suffix), the first word the
 * first name, and any words between are the middle name.
 */
export function personNameParts(legalName: string): {
  first: string;
  middle: string;
  last: string;
  suffix: string;
} {
  const words = legalName.replace(/,/g, " ").trim().split(/\s+/).filter(Boolean);
  const suffix = words.length > 2 && SUFFIXES.test(words.at(-1)!) ? words.pop()! : "";
  const last = words.length > 1 ? words.pop()! : "";
  const first = words.shift() ?? "";
  return { first, middle: words.join(" "), last, suffix };
}

const SUFFIXES = /^(jr|sr|ii|iii|iv|v)\.?$/i;

/**
 * The name columns of one party: a business (EIN) by its legal name, with its trade name on
 * line 2; a person (SSN, ITIN) by the parts of their name, the name they trade under left to
 * the business lines' second.
 */
function nameCells(party: IrisParty): string[] {
  if (party.tinType === "ein") {
    return ["Business", party.legalName, party.businessName ?? "", "", "", "", ""];
  }
  const name = personNameParts(party.legalName);
  return [
    "Individual",
    "",
    party.businessName ?? "",
    name.first,
    name.middle,
    name.last,
    name.suffix,
  ];
}

/** SSN and ITIN are both an individual's number, given as "SSN" (Publication 1220's type 2). */
function tinTypeCell(type: TinType): string {
  return type === "ein" ? "EIN" : "SSN";
}

function addressCells(address: TaxAddress): string[] {
  return ["US", address.street, address.street2 ?? "", address.city, address.state, address.zip];
}

/** One recipient's 1099-NEC as the template's cells, in the header's order. */
export function irisNecCells(
  year: number,
  payer: IrisPayer,
  recipient: IrisRecipient,
  box1Cents: number,
): string[] {
  const cells = [
    "1099-NEC",
    String(year),
    tinTypeCell(payer.tinType),
    payer.tin,
    ...nameCells(payer),
    ...addressCells(payer.address),
    "",
    payer.phone,
    "",
    tinTypeCell(recipient.tinType),
    recipient.tin,
    ...nameCells(recipient),
    ...addressCells(recipient.address),
    "",
    recipient.accountNumber,
    "",
    centsToInput(box1Cents),
    "",
    "",
    "",
    "",
    ...Array<string>(12).fill(""),
  ];
  if (cells.length !== IRIS_1099_NEC_HEADER.length) {
    throw new Error(
      `IRIS row has ${cells.length} cells for ${IRIS_1099_NEC_HEADER.length} columns`,
    );
  }
  return cells;
}

/** The whole file: the header, then one row per recipient. */
export function irisNecCsv(
  year: number,
  payer: IrisPayer,
  rows: readonly { recipient: IrisRecipient; box1Cents: number }[],
): string {
  return [
    csvLine(IRIS_1099_NEC_HEADER),
    ...rows.map((row) => csvLine(irisNecCells(year, payer, row.recipient, row.box1Cents))),
  ].join("");
}
