import { describe, expect, it } from "vitest";
import { phoneReachProblem } from "./phone-region";

describe("phoneReachProblem", () => {
  it.each([
    ["+13125550147", undefined],
    ["(312) 555-0147", undefined],
    ["+17875550147", undefined], // Puerto Rico
    ["+18765550147", "region"], // Jamaica
    ["+18095550147", "region"], // Dominican Republic
    ["+12465550147", "region"], // Barbados
    ["+14165550147", "region"], // Canada, not served by default
    ["+447911123456", "region"],
    ["+19002345678", "premium"],
    ["1-900-234-5678", "premium"],
    ["not a phone", "region"],
  ])("%s → %s", (phone, problem) => {
    expect(phoneReachProblem(phone)).toBe(problem);
  });

  it("takes Canada when the business serves it", () => {
    expect(phoneReachProblem("+14165550147", ["US", "CA"])).toBeUndefined();
    expect(phoneReachProblem("+18765550147", ["US", "CA"])).toBe("region");
  });
});
