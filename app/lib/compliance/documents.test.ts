import { describe, expect, it } from "vitest";
import { documentStanding, documentWords, fileSizeText, standingText } from "./documents";

const TODAY = "2026-11-29";
const said = (expiresOn: string | null) =>
  standingText(documentStanding({ expiresOn }, TODAY), { expiresOn }, TODAY);

describe("where a compliance document stands", () => {
  it("reads missing, valid, expiring within 30 days, or expired (from the day after)", () => {
    expect(documentStanding(undefined, TODAY)).toBe("missing");
    expect(said(null)).toBe("On file");
    expect(said("2027-06-30")).toBe("Valid until Jun 30, 2027");
    expect(said("2026-12-30")).toBe("Valid until Dec 30");
    expect(said("2026-12-29")).toBe("Expires in 30 days (Dec 29)");
    expect(said("2026-11-30")).toBe("Expires in 1 day (Nov 30)");
    expect(said("2026-11-29")).toBe("Expires today");
    expect(said("2026-11-28")).toBe("Expired Nov 28");
    expect(standingText("missing", undefined, TODAY)).toBe("Not on file");
  });

  it("is named by holder and kind, and its size in words", () => {
    expect(documentWords("Ann Ray", "background_check")).toBe("Ann Ray background check");
    expect(documentWords(null, "bond")).toBe("Business bond");
    expect(fileSizeText(200)).toBe("1 KB");
    expect(fileSizeText(350_000)).toBe("342 KB");
    expect(fileSizeText(1_300_000)).toBe("1.2 MB");
  });
});
