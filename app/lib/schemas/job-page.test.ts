import { expect, it } from "vitest";
import { JOB_PAGE_FIELD, jobPageActionSchema } from "./job-page";

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
  expect(parse({ intent: "complete", price: "$185.50" })).toMatchObject({
    success: true,
    data: { price: 18550 },
  });
  expect(parse({ intent: "complete", price: "0" })).toMatchObject({ data: { price: 0 } });
  expect(parse({ intent: "complete", price: "100,000" })).toMatchObject({
    data: { price: 10_000_000 },
  });
  expect(error({ intent: "complete", price: "100000.01" })).toBe(JOB_PAGE_FIELD.price);
  expect(error({ intent: "complete", price: "-1" })).toBe(JOB_PAGE_FIELD.price);
  expect(error({ intent: "complete", price: "5000000" })).toBe(JOB_PAGE_FIELD.price);
  expect(error({ intent: "complete", price: "12.345" })).toBe("Use at most 2 decimal places");
  expect(error({ intent: "complete", price: "" })).toBe("Enter an amount");
});

it("knows only the page's five actions", () => {
  expect(parse({ intent: "reprice" }).success).toBe(false);
  expect(parse({ intent: "accept" }).success).toBe(true);
});

it("reads the confirming second tap's amount in cents, and nothing else as a confirmation", () => {
  expect(parse({ intent: "complete", price: "1850", confirmed: "185000" })).toMatchObject({
    data: { price: 185_000, confirmed: 185_000 },
  });
  for (const confirmed of ["", "1,850", "-1", "yes"]) {
    expect(parse({ intent: "complete", price: "1850", confirmed })).toMatchObject({
      data: { confirmed: null },
    });
  }
  const plain = parse({ intent: "complete", price: "1850" });
  expect(plain.success && plain.data.intent === "complete" && (plain.data.confirmed ?? null)).toBe(
    null,
  );
});
