import { describe, expect, it } from "vitest";
import { cityPath, slugFromCityParam } from "./area-paths";

describe("city page paths", () => {
  it("builds the -locksmith path", () => {
    expect(cityPath("oak-lawn")).toBe("/service-areas/oak-lawn-locksmith");
  });

  it("strips one trailing -locksmith", () => {
    expect(slugFromCityParam("oak-lawn-locksmith")).toBe("oak-lawn");
    expect(slugFromCityParam("oak-lawn")).toBe("oak-lawn");
    expect(slugFromCityParam("-locksmith")).toBe("");
    expect(slugFromCityParam(undefined)).toBe("");
  });
});
