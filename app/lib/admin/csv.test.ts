import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("csv", () => {
  it("quotes commas, quotes and newlines", () => {
    expect(csvCell('Say "hi", ok')).toBe('"Say ""hi"", ok"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+1 312")).toBe("'+1 312");
    expect(csvCell("@cmd")).toBe("'@cmd");
  });

  it("writes phone numbers as they are: no apostrophe a spreadsheet would keep", () => {
    expect(csvCell("+13125550147")).toBe("+13125550147");
    expect(csvCell("+44 20 7183 8750")).toBe("+44 20 7183 8750");
    expect(csvCell("+1-312-555-0147")).toBe("+1-312-555-0147");
    expect(csvCell("(312) 555-0147")).toBe("(312) 555-0147");
  });

  it("still defuses what only looks a little like a number", () => {
    expect(csvCell("+1-2")).toBe("'+1-2");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("+1234567890123456")).toBe("'+1234567890123456");
    expect(csvCell("+1 312 555 0147+SUM(A1)")).toBe("'+1 312 555 0147+SUM(A1)");
    expect(csvCell("+1|cmd")).toBe("'+1|cmd");
  });

  it("writes dates as ISO and lines with CRLF", () => {
    expect(csvLine([new Date("2026-01-02T03:04:05Z"), 5, null])).toBe(
      "2026-01-02T03:04:05.000Z,5,\r\n",
    );
  });
});

describe("csv: formulas after a separator (decision 0037)", () => {
  it("defuses a formula after any separator-like character, where a spreadsheet may split", () => {
    // The review's example: a spreadsheet splitting on ";" would run the second part.
    expect(csvCell('a;=HYPERLINK("http://evil.example","x")')).toBe(
      '"a;\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvCell("a,=1+1")).toBe('"a,\'=1+1"');
    expect(csvCell("a|@SUM(A1)")).toBe("a|'@SUM(A1)");
    expect(csvCell("a\t-2+3")).toBe("a\t'-2+3");
    expect(csvCell("line\n+cmd")).toBe('"line\n\'+cmd"');
    expect(csvCell("a;\t=1")).toBe("a;'\t'=1");
    expect(csvCell("=1;=2")).toBe("'=1;'=2");
  });

  it("leaves the text alone where no part starts with a formula character", () => {
    expect(csvCell("Back door; side gate")).toBe("Back door; side gate");
    expect(csvCell("a = b, c - d")).toBe('"a = b, c - d"');
    expect(csvCell("rekey 2-3 locks")).toBe("rekey 2-3 locks");
  });

  it("keeps phone numbers between separators as they are", () => {
    expect(csvCell("+13125550147;+44 20 7183 8750")).toBe("+13125550147;+44 20 7183 8750");
    expect(csvCell("call +13125550147;=1")).toBe("call +13125550147;'=1");
  });
});
