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

  it("writes dates as ISO and lines with CRLF", () => {
    expect(csvLine([new Date("2026-01-02T03:04:05Z"), 5, null])).toBe(
      "2026-01-02T03:04:05.000Z,5,\r\n",
    );
  });
});
