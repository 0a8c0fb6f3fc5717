import { describe, expect, it } from "vitest";
import { parseLeadListParams } from "./lead-list-params";

const parse = (query: string) => parseLeadListParams(new URLSearchParams(query));

describe("the Leads list's URL", () => {
  it("reads search, status, source and page", () => {
    expect(parse("q=%20smith%20&status=new&source=web&page=3")).toEqual({
      q: "smith",
      status: "new",
      source: "web",
      page: 3,
    });
  });

  it("reads an unknown or empty source as every source", () => {
    expect(parse("source=fax").source).toBeUndefined();
    expect(parse("source=").source).toBeUndefined();
    expect(parse("").source).toBeUndefined();
  });
});
