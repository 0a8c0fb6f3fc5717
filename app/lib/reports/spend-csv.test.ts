import { expect, test } from "vitest";
import { parseSpendCsv } from "./spend-csv";

test("spend lines as a spreadsheet saves them, with or without a header", () => {
  expect(
    parseSpendCsv(
      'source,month,amount\r\nYelp,2026-11,450.00\n"Google Ads",2026-10-01,"$1,200.50"\n',
    ),
  ).toEqual({
    ok: true,
    lines: [
      { source: "Yelp", month: "2026-11-01", amountCents: 45_000 },
      { source: "Google Ads", month: "2026-10-01", amountCents: 120_050 },
    ],
  });
});

test("the first bad line is named, and nothing is taken", () => {
  expect(parseSpendCsv("Yelp,2026-11,450\nYelp,November,450")).toEqual({
    ok: false,
    error: "Line 2: the month is written 2026-11",
  });
  expect(parseSpendCsv(",2026-11,1")).toMatchObject({ ok: false });
  expect(parseSpendCsv("Yelp,2026-11,-5")).toMatchObject({ ok: false });
  expect(parseSpendCsv("Yelp,2026-11,5,extra")).toMatchObject({ ok: false });
  expect(parseSpendCsv("")).toEqual({ ok: false, error: "No lines to import" });
});
