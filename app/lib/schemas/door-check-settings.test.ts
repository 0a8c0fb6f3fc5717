import { describe, expect, it } from "vitest";
import {
  doorCheckSettingsSchema,
  RETENTION_BELOW_MINIMUM,
  RETENTION_YEARS_INVALID,
} from "./door-check-settings";

const parse = (years: string, legalMinimumYears: string) =>
  doorCheckSettingsSchema.safeParse({ intent: "save", years, legalMinimumYears });

describe("the door-check retention form", () => {
  it("takes whole years at or above the legal minimum, and the defaults when empty", () => {
    expect(parse("7", "5").data).toEqual({
      intent: "save",
      years: 7,
      legalMinimumYears: 5,
      keepIdPhoto: false,
    });
    expect(parse(" 3 ", "3").data).toMatchObject({ years: 3, legalMinimumYears: 3 });
    expect(parse("", "").data).toMatchObject({ years: 3, legalMinimumYears: 3 });
  });

  it("keeps ID photos only when the box is ticked (decision 0077)", () => {
    const ticked = { intent: "save", years: "3", legalMinimumYears: "3", keepIdPhoto: "on" };
    expect(doorCheckSettingsSchema.parse(ticked).keepIdPhoto).toBe(true);
    expect(doorCheckSettingsSchema.parse({ ...ticked, keepIdPhoto: "yes" }).keepIdPhoto).toBe(
      false,
    );
    expect(parse("3", "3").data?.keepIdPhoto).toBe(false);
  });

  it("refuses years below the legal minimum, on the years field", () => {
    const result = parse("2", "3");
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["years"], message: RETENTION_BELOW_MINIMUM }),
    ]);
  });

  it("refuses zero, fractions, words and more than the most", () => {
    for (const bad of ["0", "2.5", "three", "26", "-1"]) {
      const result = parse(bad, "1");
      expect(result.error?.issues[0]?.message).toBe(RETENTION_YEARS_INVALID);
    }
    expect(parse("5", "0").error?.issues[0]).toMatchObject({
      path: ["legalMinimumYears"],
      message: RETENTION_YEARS_INVALID,
    });
  });
});
