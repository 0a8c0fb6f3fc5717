import { formatDateTime, shortId } from "../format";
import {
  AUTHORITY_DOCUMENT_LABELS,
  ID_TYPE_LABELS,
  statementText,
  type AuthorityDocument,
  type IdType,
} from "./check-form";
import { vinModelYear } from "./vin";

/*
 * The vehicle record of a door check, laid out for NASTF's D1 (the vehicle owner's
 * authorization a locksmith keeps for key-code and immobilizer work): the security
 * professional, the vehicle, the person and the proof they showed, and the signed statement
 * (decision 0069). Only what the check recorded: the ID's last 4 characters, never a full
 * number; no make or model, which the check does not ask (the VIN gives the model year).
 */

/** The parts of a recorded check the D1 record prints. */
export interface D1Check {
  outcome: string;
  opened: string | null;
  askedBy: string | null;
  idType: IdType | null;
  idLast4: string | null;
  idExpiry: string | null;
  idNameMatches: boolean | null;
  authority: AuthorityDocument | null;
  authorityNameMatches: boolean | null;
  authorityAddressMatches: boolean | null;
  vin: string | null;
  plate: string | null;
  statementWay: string | null;
  statementName: string | null;
  statementAt: Date | null;
  recordedAt: Date;
}

export interface D1Job {
  id: string;
  clientName: string;
  address: string | null;
  locksmithName: string | null;
  locksmithLicense: string | null;
}

export interface D1Business {
  name: string;
  phone: string;
  /** The agency license as printed on the site ("IDFPR 127.000000"), when configured. */
  license?: string;
}

type Row = readonly [string, string];

export interface D1Record {
  title: string;
  subtitle: string;
  sections: { heading: string; rows: Row[] }[];
  statement: string;
  signed: Row[];
  footer: string;
  fileName: string;
}

export const D1_TEXT = {
  title: "Vehicle owner's authorization",
  notVehicle: "This job's check opened no vehicle: a D1 record is for vehicles only",
  notChecked:
    "A D1 record needs a completed check: this one was refused or waits for the statement",
} as const;

/** Why a check cannot give a D1 record, or undefined when it can. */
export function d1Problem(check: Pick<D1Check, "outcome" | "opened" | "vin">): string | undefined {
  if (check.opened !== "vehicle" || !check.vin) return D1_TEXT.notVehicle;
  if (check.outcome !== "checked") return D1_TEXT.notChecked;
  return undefined;
}

const yesNo = (value: boolean | null) => (value === null ? "Not recorded" : value ? "Yes" : "No");
const orDash = (value: string | null | undefined) => value || "—";

export function d1Record(check: D1Check, job: D1Job, business: D1Business): D1Record {
  const vin = check.vin ?? "";
  const year = vinModelYear(vin);
  return {
    title: D1_TEXT.title,
    subtitle: `NASTF D1 record, job ${shortId(job.id)}`,
    sections: [
      {
        heading: "Vehicle security professional",
        rows: [
          ["Business", business.name],
          ["Agency license", orDash(business.license)],
          ["Business phone", business.phone],
          ["Locksmith", orDash(job.locksmithName)],
          ["Locksmith license", orDash(job.locksmithLicense)],
        ],
      },
      {
        heading: "Vehicle",
        rows: [
          ["VIN", vin],
          ["Model year (from the VIN)", year ? String(year) : "—"],
          ["License plate", orDash(check.plate)],
          ["Where it was opened", orDash(job.address)],
        ],
      },
      {
        heading: "Owner or authorized person",
        rows: [
          ["Name", orDash(check.statementName ?? check.askedBy ?? job.clientName)],
          ["Photo ID", check.idType ? ID_TYPE_LABELS[check.idType] : "—"],
          ["ID ends in", orDash(check.idLast4)],
          ["ID expires", orDash(check.idExpiry)],
          ["Name on the ID matches", yesNo(check.idNameMatches)],
          [
            "Proof of ownership",
            check.authority ? AUTHORITY_DOCUMENT_LABELS[check.authority] : "—",
          ],
          ["Name on it matches", yesNo(check.authorityNameMatches)],
          ["Address on it matches", yesNo(check.authorityAddressMatches)],
        ],
      },
    ],
    statement: statementText(
      `a vehicle${check.plate ? ` with plate ${check.plate}` : ""}, VIN ${vin}`,
    ),
    signed: [
      ["Signed by", orDash(check.statementName)],
      ["Signed at", check.statementAt ? formatDateTime(check.statementAt) : "—"],
      [
        "Signed",
        check.statementWay === "customer_link"
          ? "On the customer's own phone"
          : check.statementWay === "on_screen"
            ? "On the locksmith's screen"
            : "—",
      ],
    ],
    footer: `Check recorded ${formatDateTime(check.recordedAt)} by the locksmith above, kept by ${business.name} under its retention rule.`,
    fileName: `d1-job-${shortId(job.id)}.pdf`,
  };
}
