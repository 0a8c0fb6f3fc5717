import { describe, expect, it } from "vitest";
import {
  buildReceipt,
  chicagoZone,
  formatTaxRate,
  lineKind,
  PLAN_HEADING,
  RECEIPT_IDENTITY_NOTE,
  receiptFileName,
  receiptText,
  receiptTime,
  type ReceiptBusiness,
  type ReceiptFacts,
} from "./receipt";

const FACTS: ReceiptFacts = {
  jobId: "3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
  service: "Car Lockout",
  customerName: "Dana Whitfield",
  locksmithName: "Marcus Reed",
  locksmithLicense: "153.012345",
  // 2:00 PM in Chicago (standard time, UTC-6).
  completedAt: "2026-11-23T20:00:00Z",
  address: "6118 S Pulaski Rd, 60629",
  approvedQuote: {
    amountCents: 18_500,
    lines: [
      { label: "Lockout service", cents: 14_500 },
      { label: "New key", cents: 4_000 },
    ],
    approvedAt: "2026-11-23T19:40:00Z",
  },
  finalPriceCents: 18_000,
  paymentMethod: "cash",
  collectedBy: "locksmith",
  cardMoney: [],
};

const BUSINESS: ReceiptBusiness = {
  name: "Lockline",
  legalName: "Lockline Security LLC",
  address: "2200 W Cermak Rd, Chicago, IL 60608",
  phone: "(312) 555-0147",
  email: "info@lockline.example",
  license: "Illinois locksmith agency license 127.001234",
};

const row = (rows: [string, string][], label: string) => new Map(rows).get(label);

describe("buildReceipt", () => {
  it("names the business with its legal name, address, phone, e-mail and license", () => {
    expect(buildReceipt(FACTS, BUSINESS).business).toEqual([
      ["Business", "Lockline Security LLC"],
      ["Trading as", "Lockline"],
      ["Address", "2200 W Cermak Rd, Chicago, IL 60608"],
      ["Phone", "(312) 555-0147"],
      ["E-mail", "info@lockline.example"],
      ["License", "Illinois locksmith agency license 127.001234"],
    ]);
    // A legal name that is the trading name is said once.
    const same = buildReceipt(FACTS, { ...BUSINESS, legalName: "Lockline" });
    expect(same.business.map(([label]) => label)).not.toContain("Trading as");
    // Without a legal name or address set: the trading name, and no empty lines.
    const plain = buildReceipt(FACTS, { ...BUSINESS, legalName: null, address: null });
    expect(plain.business.map(([label]) => label)).toEqual([
      "Business",
      "Phone",
      "E-mail",
      "License",
    ]);
  });

  it("names the customer, labels the service address and gives a receipt number", () => {
    const { job, number } = buildReceipt(FACTS, BUSINESS);
    expect(number).toBe("3F2A9C1E");
    expect(row(job, "Receipt number")).toBe("3F2A9C1E");
    expect(row(job, "Customer")).toBe("Dana Whitfield");
    expect(row(job, "Service address")).toBe("6118 S Pulaski Rd, 60629");
    expect(row(job, "Locksmith's license")).toBe("153.012345");
    expect(row(job, "Completed")).toBe("Nov 23, 2026, 2:00 PM CST");
  });

  it("lists the approved quote's lines and the discount down to the final price", () => {
    const receipt = buildReceipt(FACTS, BUSINESS);
    expect(receipt.items.map(({ label, amount }) => [label, amount])).toEqual([
      ["Lockout service", "$145.00"],
      ["New key", "$40.00"],
      ["Discount", "-$5.00"],
    ]);
    expect(receipt.totals).toEqual([
      ["Approved quote", "$185.00, approved Nov 23, 2026, 1:40 PM CST"],
      ["Discount", "-$5.00"],
      ["Final price", "$180.00"],
    ]);
  });

  it("lists a senior discount the customer approved as a line of its own, never taxed", () => {
    const facts: ReceiptFacts = {
      ...FACTS,
      approvedQuote: {
        amountCents: 17_000,
        lines: [
          { label: "Lockout service", cents: 14_500 },
          { label: "New key", cents: 4_000 },
          { label: "Senior discount", cents: -1_500 },
        ],
        approvedAt: "2026-11-23T19:40:00Z",
      },
      finalPriceCents: 17_000,
    };
    const receipt = buildReceipt(facts, { ...BUSINESS, taxRates: { parts: 10_250 } });
    expect(receipt.items.map(({ label, kind, amount }) => [label, kind, amount])).toEqual([
      ["Lockout service", "labor", "$145.00"],
      ["New key", "parts", "$40.00"],
      ["Senior discount", "discount", "-$15.00"],
    ]);
    // The approved quote is after the discount: nothing more was taken off at the end.
    expect(row(receipt.totals, "Approved quote")).toMatch(/^\$170\.00/);
    expect(row(receipt.totals, "Discount")).toBeUndefined();
    // The key's share of what was charged: $40 × 170/185 = $36.76, of which 10.25% is $3.42.
    expect(row(receipt.totals, "Tax included, parts and hardware (10.25%)")).toBe("$3.42");
    expect(row(receipt.totals, "Final price")).toBe("$170.00");
  });

  it("lists a quote given as a total as one line of the service, with no discount at the quote", () => {
    const total = { ...FACTS.approvedQuote!, lines: null };
    const receipt = buildReceipt(
      { ...FACTS, approvedQuote: total, finalPriceCents: 18_500 },
      BUSINESS,
    );
    expect(receipt.items.map(({ label, amount }) => [label, amount])).toEqual([
      ["Car Lockout", "$185.00"],
    ]);
    expect(receipt.totals.some(([label]) => label === "Discount")).toBe(false);
    // A job never quoted (the office priced it): the service at its price, and no quote.
    const unquoted = buildReceipt({ ...FACTS, approvedQuote: null }, BUSINESS);
    expect(row(unquoted.totals, "Approved quote")).toBe("None");
    expect(unquoted.items.map(({ amount }) => amount)).toEqual(["$180.00"]);
  });

  it("has no tax line unless a rate is configured; a 0% rate shows $0.00", () => {
    const labels = (business: ReceiptBusiness) =>
      buildReceipt(FACTS, business).totals.map(([label]) => label);
    expect(labels(BUSINESS).some((label) => label.startsWith("Tax"))).toBe(false);
    const zero = buildReceipt(FACTS, { ...BUSINESS, taxRates: { labor: 0 } });
    expect(row(zero.totals, "Tax included, labor and service (0%)")).toBe("$0.00");
    expect(zero.notes[0]).toBe("Prices include tax; the tax lines show the part that is tax.");
  });

  it("counts a configured rate on its kind of line, after its share of the discount", () => {
    // Parts: the $40 key, less its share of the $5 discount ($40 × 180/185 = $38.92);
    // 10.25% included in that is $3.62.
    const taxed = buildReceipt(FACTS, { ...BUSINESS, taxRates: { parts: 10_250 } });
    expect(row(taxed.totals, "Tax included, parts and hardware (10.25%)")).toBe("$3.62");
    expect(row(taxed.totals, "Final price")).toBe("$180.00");
    expect(taxed.totals.some(([label]) => label.includes("labor"))).toBe(false);
  });

  it("says who holds money paid on site, and that nothing is due", () => {
    const receipt = buildReceipt(FACTS, BUSINESS);
    expect(receipt.payments).toEqual([
      {
        date: "Nov 23, 2026, 2:00 PM CST",
        what: "Paid: cash",
        amount: "$180.00",
        heldBy: "Marcus Reed, the locksmith",
      },
    ]);
    expect(receipt.balance).toEqual(["Balance due", "$0.00"]);
  });

  it("shows an unpaid pay link as no payment at all and the whole price due", () => {
    const unpaid = buildReceipt(
      { ...FACTS, paymentMethod: "pay_link", collectedBy: "business" },
      BUSINESS,
    );
    expect(unpaid.payments).toEqual([]);
    expect(unpaid.balance).toEqual(["Balance due", "$180.00"]);
    const text = receiptText(unpaid);
    expect(text).toContain("Nothing paid yet");
    expect(text).not.toContain("held by");
  });

  it("lists card payments and refunds with their dates, and the balance after them", () => {
    const facts: ReceiptFacts = {
      ...FACTS,
      paymentMethod: "pay_link",
      collectedBy: "business",
      cardMoney: [
        { kind: "payment", amountCents: 18_000, at: "2026-11-23T20:10:00Z" },
        { kind: "payment", amountCents: 18_000, at: "2026-11-23T20:12:00Z" },
        {
          kind: "refund",
          amountCents: 18_000,
          at: "2026-11-23T20:13:00Z",
          refundState: "succeeded",
        },
      ],
    };
    const receipt = buildReceipt(facts, BUSINESS);
    expect(
      receipt.payments.map(({ date, what, amount, heldBy }) => [date, what, amount, heldBy]),
    ).toEqual([
      ["Nov 23, 2026, 2:10 PM CST", "Paid: card (pay link)", "$180.00", "Lockline, the business"],
      ["Nov 23, 2026, 2:12 PM CST", "Paid: card (pay link)", "$180.00", "Lockline, the business"],
      ["Nov 23, 2026, 2:13 PM CST", "Refunded to the card", "-$180.00", "The customer"],
    ]);
    expect(receipt.balance).toEqual(["Balance due", "$0.00"]);
    // Before the refund: more came in than the price.
    const over = buildReceipt({ ...facts, cardMoney: facts.cardMoney.slice(0, 2) }, BUSINESS);
    expect(over.balance).toEqual(["Refund due to you", "$180.00"]);
    // A failed refund gave nothing back: the business still holds it.
    const failed = buildReceipt(
      {
        ...facts,
        cardMoney: [
          facts.cardMoney[0]!,
          facts.cardMoney[1]!,
          { ...facts.cardMoney[2]!, refundState: "failed" },
        ],
      },
      BUSINESS,
    );
    expect(failed.balance).toEqual(["Refund due to you", "$180.00"]);
    expect(failed.payments[2]?.heldBy).toBe("Lockline, the business");
    expect(failed.payments[2]?.what).toBe("Refund to the card failed (not given back)");
  });
});

describe("the receipt's smaller rows and notes", () => {
  it("says how the customer approved, for each way", () => {
    const approval = (way: NonNullable<ReceiptFacts["approvedQuote"]>["approvedWay"]) =>
      row(
        buildReceipt(
          { ...FACTS, approvedQuote: { ...FACTS.approvedQuote!, approvedWay: way } },
          BUSINESS,
        ).totals,
        "Approval",
      );
    expect(approval("customer_page")).toBe(
      "Approved on the customer's phone, Nov 23, 2026, 1:40 PM CST",
    );
    expect(approval("in_person")).toBe("Approved in person, Nov 23, 2026, 1:40 PM CST");
    expect(approval("customer_code")).toBe(
      "Approved in person with the code texted to the customer, Nov 23, 2026, 1:40 PM CST",
    );
    expect(approval("customer_signature")).toBe(
      "Approved by signature on the locksmith's device, Nov 23, 2026, 1:40 PM CST",
    );
    expect(approval(null)).toBeUndefined();
  });

  it("writes what is not known as such, not as a blank", () => {
    const { job, totals } = buildReceipt(
      {
        ...FACTS,
        customerName: "",
        address: null,
        locksmithName: null,
        locksmithLicense: null,
        approvedQuote: null,
      },
      BUSINESS,
    );
    expect(row(job, "Customer")).toBe("Not given");
    expect(row(job, "Service address")).toBe("Not given");
    expect(row(job, "Locksmith")).toBe("Our locksmith");
    expect(row(job, "Locksmith's license")).toBeUndefined();
    expect(row(totals, "Approved quote")).toBe("None");
    // Money on site with no locksmith named is held by "our locksmith".
    const held = buildReceipt({ ...FACTS, locksmithName: null }, BUSINESS).payments[0]!.heldBy;
    expect(held).toBe("Our locksmith, the locksmith");
  });

  it("says the business holds what it collected, and nothing is paid without a method", () => {
    const business = buildReceipt({ ...FACTS, collectedBy: "business" }, BUSINESS);
    expect(business.payments[0]!.heldBy).toBe("Lockline, the business");
    const none = buildReceipt({ ...FACTS, paymentMethod: null }, BUSINESS);
    expect(none.payments).toEqual([]);
    expect(none.balance).toEqual(["Balance due", "$180.00"]);
  });

  it("uses the service as the one item when the approved quote has no lines", () => {
    const receipt = buildReceipt(
      { ...FACTS, approvedQuote: { ...FACTS.approvedQuote!, lines: [] } },
      BUSINESS,
    );
    expect(receipt.items.map(({ label, kind, amount }) => [label, kind, amount])).toEqual([
      ["Car Lockout", "labor", "$185.00"],
      ["Discount", "discount", "-$5.00"],
    ]);
  });

  it("notes tax, the quote rule and the ID check only when each applies", () => {
    const none = buildReceipt({ ...FACTS, approvedQuote: null }, BUSINESS);
    expect(none.notes).toEqual([]);
    const all = buildReceipt(
      { ...FACTS, identityChecked: true },
      { ...BUSINESS, taxRates: { labor: 6_000 } },
    );
    expect(all.notes).toEqual([
      "Prices include tax; the tax lines show the part that is tax.",
      "The final price is never more than the quote you approved.",
      RECEIPT_IDENTITY_NOTE,
    ]);
    expect(RECEIPT_IDENTITY_NOTE).toMatch(/checked a photo ID and proof of your right to enter/);
    expect(receiptText(all)).toContain(`\n\n${all.notes.join("\n")}\n`);
  });

  it("has no tax, not a division by nothing, when no line has a price", () => {
    const receipt = buildReceipt(
      {
        ...FACTS,
        finalPriceCents: 0,
        approvedQuote: { ...FACTS.approvedQuote!, amountCents: 0, lines: [] },
      },
      { ...BUSINESS, taxRates: { labor: 6_000 } },
    );
    expect(row(receipt.totals, "Tax included, labor and service (6%)")).toBe("$0.00");
  });

  it("counts plan instalments paid in cash or by check, and lists the plan", () => {
    const facts: ReceiptFacts = {
      ...FACTS,
      paymentMethod: "pay_link",
      collectedBy: "business",
      planCash: [{ number: 1, amountCents: 6_000, at: "2026-11-23T20:00:00Z", method: "cash" }],
      plan: {
        today: "2026-11-24",
        instalments: [
          {
            number: 1,
            dueOn: "2026-11-23",
            amountCents: 6_000,
            paidAt: "2026-11-23T20:00:00Z",
            paidBy: "cash",
          },
          { number: 2, dueOn: "2026-12-23", amountCents: 12_000, paidAt: null, paidBy: null },
        ],
      },
    };
    const receipt = buildReceipt(facts, BUSINESS);
    expect(receipt.payments.map(({ what, amount }) => [what, amount])).toEqual([
      ["Paid: cash, instalment 1", "$60.00"],
    ]);
    expect(receipt.balance).toEqual(["Balance due", "$120.00"]);
    expect(receipt.plan).toHaveLength(2);
    const text = receiptText(receipt);
    expect(text).toContain(
      `\n${PLAN_HEADING}:\n  ${receipt.plan[0]![0]}: ${receipt.plan[0]![1]}\n`,
    );
    expect(text).toContain(`$120.00\n\n${PLAN_HEADING}:`);
    expect(receiptText(buildReceipt(FACTS, BUSINESS))).not.toContain(PLAN_HEADING);
  });

  it("says a refund on its way is the customer's, and counts it", () => {
    const receipt = buildReceipt(
      {
        ...FACTS,
        paymentMethod: "pay_link",
        collectedBy: "business",
        cardMoney: [
          { kind: "payment", amountCents: 18_000, at: "2026-11-23T20:10:00Z" },
          {
            kind: "refund",
            amountCents: 5_000,
            at: "2026-11-23T20:13:00Z",
            refundState: "pending",
          },
        ],
      },
      BUSINESS,
    );
    expect(receipt.payments[1]).toMatchObject({
      what: "Refund to the card, on its way",
      amount: "-$50.00",
      heldBy: "The customer",
    });
    expect(receipt.balance).toEqual(["Balance due", "$50.00"]);
  });
});

describe("the receipt as plain text (the e-mailed copy)", () => {
  it("has every section, in order, one fact per line", () => {
    const receipt = buildReceipt(FACTS, BUSINESS);
    expect(receiptText(receipt)).toBe(
      [
        "Receipt 3F2A9C1E",
        "",
        "Business: Lockline Security LLC",
        "Trading as: Lockline",
        "Address: 2200 W Cermak Rd, Chicago, IL 60608",
        "Phone: (312) 555-0147",
        "E-mail: info@lockline.example",
        "License: Illinois locksmith agency license 127.001234",
        "",
        "Receipt number: 3F2A9C1E",
        "Customer: Dana Whitfield",
        "Service address: 6118 S Pulaski Rd, 60629",
        "Service: Car Lockout",
        "Locksmith: Marcus Reed",
        "Locksmith's license: 153.012345",
        "Completed: Nov 23, 2026, 2:00 PM CST",
        "",
        "Items:",
        "  Lockout service: $145.00",
        "  New key: $40.00",
        "  Discount: -$5.00",
        "Approved quote: $185.00, approved Nov 23, 2026, 1:40 PM CST",
        "Discount: -$5.00",
        "Final price: $180.00",
        "",
        "Payments:",
        "  Nov 23, 2026, 2:00 PM CST: Paid: cash, $180.00 (held by Marcus Reed, the locksmith)",
        "Balance due: $0.00",
        "",
        "The final price is never more than the quote you approved.",
        "",
        "Service guarantee: Guaranteed through Feb 21, 2027.",
        receipt.guarantee.terms,
      ].join("\n"),
    );
  });
});

describe("the service guarantee on the receipt", () => {
  it("states the terms and the day it runs to: 90 days after the day of the job", () => {
    const receipt = buildReceipt(FACTS, BUSINESS);
    // Completed Nov 23, 2026 (Chicago): guaranteed through Feb 21, 2027.
    expect(receipt.guarantee.through).toBe("Guaranteed through Feb 21, 2027");
    expect(receipt.guarantee.terms).toMatch(
      /^If something is not right with our work, call us within 90 days/,
    );
    expect(receiptText(receipt)).toContain(
      `\nService guarantee: Guaranteed through Feb 21, 2027.\n${receipt.guarantee.terms}`,
    );
  });
});

describe("Chicago time with its zone", () => {
  it("writes CST in winter and CDT in summer, across the changes", () => {
    expect(receiptTime("2026-07-04T17:30:00Z")).toBe("Jul 4, 2026, 12:30 PM CDT");
    expect(receiptTime("2026-01-15T06:05:00Z")).toBe("Jan 15, 2026, 12:05 AM CST");
    // Nov 1, 2026, 2:00 AM CDT is 1:00 AM CST: one minute before and after.
    expect(chicagoZone(new Date("2026-11-01T06:59:00Z"))).toBe("CDT");
    expect(chicagoZone(new Date("2026-11-01T07:00:00Z"))).toBe("CST");
  });
});

describe("small parts", () => {
  it("tells parts from labor by the line's words", () => {
    expect(lineKind("New key")).toBe("parts");
    expect(lineKind("Deadbolt installed")).toBe("parts");
    expect(lineKind("Lockout service")).toBe("labor");
    expect(lineKind("Rekey 2 doors")).toBe("labor");
  });

  it("counts every thing handed over as parts, one or several, whatever the case", () => {
    const things = [
      ["key", "keys"],
      ["lock", "locks"],
      ["deadbolt", "deadbolts"],
      ["cylinder", "cylinders"],
      ["part", "parts"],
      ["hardware", "HARDWARE"],
      ["fob", "fobs"],
      ["transponder", "transponders"],
      ["remote", "remotes"],
      ["blank", "blanks"],
      ["knob", "knobs"],
      ["handle", "handles"],
      ["lever", "levers"],
      ["strike", "strikes"],
      ["hinge", "hinges"],
      ["battery", "batteries"],
      ["safe", "safes"],
      ["padlock", "padlocks"],
      ["smart lock", "smartlock", "smartlocks"],
    ];
    for (const words of things) {
      for (const word of words) expect(lineKind(`2 ${word} fitted`), word).toBe("parts");
    }
    // Words that only begin like one are labor.
    for (const label of ["Lockout", "Keyless entry setup", "Safety check", "Handling"]) {
      expect(lineKind(label), label).toBe("labor");
    }
  });

  it("writes rates and the PDF's name", () => {
    expect(formatTaxRate(10_250)).toBe("10.25%");
    expect(formatTaxRate(6_000)).toBe("6%");
    expect(formatTaxRate(0)).toBe("0%");
    expect(receiptFileName(FACTS.jobId)).toBe("receipt-3f2a9c1e.pdf");
  });
});
