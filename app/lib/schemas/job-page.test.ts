import { expect, it } from "vitest";
import { JOB_PAGE_FIELD, jobPageActionSchema } from "./job-page";

/** How the customer paid, which every completion says. */
const PAID = { paymentMethod: "cash", collectedBy: "locksmith" };

const parse = (value: Record<string, string>) => jobPageActionSchema.safeParse(value);
const error = (value: Record<string, string>) => {
  const result = parse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

it("takes minutes from 1 to 240", () => {
  expect(parse({ intent: "on_my_way", minutes: "20" })).toMatchObject({
    success: true,
    data: { minutes: 20 },
  });
  expect(parse({ intent: "on_my_way", minutes: "240" }).success).toBe(true);
  for (const minutes of ["0", "241", "-5", "2.5", "soon", ""]) {
    expect(error({ intent: "on_my_way", minutes })).toBe(JOB_PAGE_FIELD.minutes);
  }
});

it("takes a final price from $0 to $100,000 in cents", () => {
  expect(parse({ intent: "complete", ...PAID, price: "$185.50" })).toMatchObject({
    success: true,
    data: { price: 18550 },
  });
  expect(parse({ intent: "complete", ...PAID, price: "0" })).toMatchObject({ data: { price: 0 } });
  expect(parse({ intent: "complete", ...PAID, price: "100,000" })).toMatchObject({
    data: { price: 10_000_000 },
  });
  expect(error({ intent: "complete", ...PAID, price: "100000.01" })).toBe(JOB_PAGE_FIELD.price);
  expect(error({ intent: "complete", ...PAID, price: "-1" })).toBe(JOB_PAGE_FIELD.price);
  expect(error({ intent: "complete", ...PAID, price: "5000000" })).toBe(JOB_PAGE_FIELD.price);
  expect(error({ intent: "complete", ...PAID, price: "12.345" })).toBe(
    "Use at most 2 decimal places",
  );
  expect(error({ intent: "complete", ...PAID, price: "" })).toBe("Enter an amount");
});

it("knows only the page's actions", () => {
  expect(parse({ intent: "reprice" }).success).toBe(false);
  expect(parse({ intent: "accept" }).success).toBe(true);
});

it("reads the confirming second tap's amount in cents, and nothing else as a confirmation", () => {
  expect(parse({ intent: "complete", ...PAID, price: "1850", confirmed: "185000" })).toMatchObject({
    data: { price: 185_000, confirmed: 185_000 },
  });
  for (const confirmed of ["", "1,850", "-1", "yes"]) {
    expect(parse({ intent: "complete", ...PAID, price: "1850", confirmed })).toMatchObject({
      data: { confirmed: null },
    });
  }
  const plain = parse({ intent: "complete", ...PAID, price: "1850" });
  expect(plain.success && plain.data.intent === "complete" && (plain.data.confirmed ?? null)).toBe(
    null,
  );
});

it("says how the customer paid and who holds the money; a pay link pays the business", () => {
  expect(error({ intent: "complete", price: "185" })).toBe(JOB_PAGE_FIELD.paymentMethod);
  expect(error({ intent: "complete", price: "185", paymentMethod: "cash" })).toBe(
    JOB_PAGE_FIELD.collectedBy,
  );
  expect(
    error({
      intent: "complete",
      price: "185",
      paymentMethod: "pay_link",
      collectedBy: "locksmith",
    }),
  ).toBe(JOB_PAGE_FIELD.payLinkToBusiness);
  expect(
    parse({ intent: "complete", price: "185", paymentMethod: "check", collectedBy: "business" }),
  ).toMatchObject({ data: { paymentMethod: "check", collectedBy: "business" } });
});

it("reads a quote's lines, leaving out empty rows, and asks for both halves of a line", () => {
  const lines = (value: Record<string, string>) =>
    jobPageActionSchema.safeParse({ intent: "quote", ...value });
  expect(lines({ total: "185" })).toMatchObject({
    data: { total: 18_500, lines: [], reason: null },
  });
  expect(
    jobPageActionSchema.safeParse({
      intent: "quote",
      lines: [{ label: "Lockout", amount: "95" }, {}, { label: "New key", amount: "40.50" }],
      reason: "  ",
    }),
  ).toMatchObject({
    data: {
      lines: [
        { label: "Lockout", cents: 9_500 },
        { label: "New key", cents: 4_050 },
      ],
      reason: null,
    },
  });
  const halves = jobPageActionSchema.safeParse({ intent: "quote", lines: [{ amount: "95" }] });
  expect(halves.success ? undefined : halves.error.issues[0]?.message).toBe(
    JOB_PAGE_FIELD.lineLabel,
  );
  expect(error({ intent: "quote", total: "100000.01" })).toBe(JOB_PAGE_FIELD.amount);
});

it("refuses a quote line for a trip or after-hours charge, beside that line's label", () => {
  const quote = jobPageActionSchema.safeParse({
    intent: "quote",
    lines: [
      { label: "Lockout", amount: "95" },
      { label: "Trip charge", amount: "50" },
    ],
  });
  expect(quote.success ? undefined : quote.error.issues[0]).toMatchObject({
    path: ["lines", 1, "label"],
    message: expect.stringContaining("We promise no trip charges and free estimates"),
  });
});

it("approves in person only with the customer's 6-digit code; a name is no approval", () => {
  const quoteId = "0b0f9f4e-8f5e-4a2e-9c7d-2b6f3d1c9a10";
  expect(error({ intent: "approve_with_code", quoteId })).toBe(JOB_PAGE_FIELD.approvalCode);
  expect(error({ intent: "approve_with_code", quoteId, code: "12345" })).toBe(
    JOB_PAGE_FIELD.approvalCode,
  );
  expect(parse({ intent: "approve_with_code", quoteId, code: " 012345 " }).success).toBe(true);
  expect(parse({ intent: "send_approval_code", quoteId }).success).toBe(true);
  expect(
    parse({ intent: "approve_in_person", quoteId, name: "Ann Lee", agree: "on" }).success,
  ).toBe(false);
});
