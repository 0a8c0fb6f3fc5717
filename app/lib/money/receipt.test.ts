import { describe, expect, it } from "vitest";
import { formatDateTime } from "../format";
import { receiptFileName, receiptLines, type ReceiptFacts } from "./receipt";

const RECEIPT: ReceiptFacts = {
  jobId: "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
  service: "Car Lockout",
  locksmithName: "Marcus Reed",
  locksmithLicense: "153.012345",
  completedAt: "2026-11-23T20:00:00Z",
  address: "6118 S Pulaski Rd, 60629",
  quotedCents: 18_500,
  finalPriceCents: 18_000,
  paymentMethod: "cash",
  collectedBy: "locksmith",
  cardPaidAt: null,
};

const line = (receipt: ReceiptFacts, label: string) =>
  new Map(receiptLines(receipt, "Lockline", "Illinois locksmith agency license 1")).get(label);

describe("receiptLines", () => {
  it("gives the business, license, quote, final price, how paid and who collected", () => {
    expect(receiptLines(RECEIPT, "Lockline", "Illinois locksmith agency license 1")).toEqual([
      ["Business", "Lockline"],
      ["License", "Illinois locksmith agency license 1"],
      ["Receipt", "3F2A9C1E"],
      ["Service", "Car Lockout"],
      ["Locksmith", "Marcus Reed"],
      ["Locksmith's license", "153.012345"],
      ["Date", formatDateTime(RECEIPT.completedAt)],
      ["Address", "6118 S Pulaski Rd, 60629"],
      ["Approved quote", "$185.00"],
      ["Final price", "$180.00"],
      ["Paid by", "Cash"],
      ["Collected by", "Marcus Reed, the locksmith"],
    ]);
    expect(receiptLines(RECEIPT, "Lockline").some(([label]) => label === "License")).toBe(false);
    // A locksmith without a live license on file: no line, never an empty one.
    const unlicensed = receiptLines({ ...RECEIPT, locksmithLicense: null }, "Lockline");
    expect(unlicensed.some(([label]) => label === "Locksmith's license")).toBe(false);
  });

  it("says whether a pay-link job's card payment came, and when", () => {
    const payLink = { ...RECEIPT, paymentMethod: "pay_link", collectedBy: "business" } as const;
    expect(line(payLink, "Paid by")).toBe("Card (pay link), not paid yet");
    const paidAt = "2026-11-23T20:30:00Z";
    expect(line({ ...payLink, cardPaidAt: paidAt }, "Paid by")).toBe(
      `Card (pay link), paid ${formatDateTime(paidAt)}`,
    );
    expect(line(payLink, "Collected by")).toBe("The business");
  });

  it("words the other methods as the job page does, and a method never recorded", () => {
    expect(line({ ...RECEIPT, paymentMethod: "card_on_site" }, "Paid by")).toBe("Card on site");
    expect(line({ ...RECEIPT, paymentMethod: "check" }, "Paid by")).toBe("Check");
    expect(line({ ...RECEIPT, paymentMethod: null }, "Paid by")).toBe("Not recorded");
    expect(line({ ...RECEIPT, quotedCents: null }, "Approved quote")).toBe("None");
  });

  it("names the PDF after the job's short id", () => {
    expect(receiptFileName(RECEIPT.jobId)).toBe("receipt-3f2a9c1e.pdf");
  });
});
