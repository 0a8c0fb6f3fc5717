import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "../business-enums";
import {
  clampPage,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  pageCount,
  parseListParams,
  withPage,
} from "./pagination";

const parse = (query: string) => parseListParams(new URLSearchParams(query), LEAD_STATUSES);

describe("parseListParams", () => {
  it("reads search, status and page", () => {
    expect(parse("q=%20Smith%20&status=in_progress&page=3")).toEqual({
      q: "Smith",
      status: "in_progress",
      page: 3,
    });
  });

  it("falls back to the defaults", () => {
    expect(parse("")).toEqual({ q: "", status: undefined, page: 1 });
  });

  it("reads an unknown status, or 'all', as no filter", () => {
    expect(parse("status=all").status).toBeUndefined();
    expect(parse("status=bogus").status).toBeUndefined();
    expect(parse("status=").status).toBeUndefined();
  });

  it("clamps the page to 1 or more, whole, and bounded", () => {
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=").page).toBe(1);
    expect(parse("page=2.7").page).toBe(2);
    expect(parse("page=99999999").page).toBe(MAX_PAGE);
  });

  it("cuts a very long search", () => {
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("page arithmetic", () => {
  it("has 25 rows a page", () => {
    expect(PAGE_SIZE).toBe(25);
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(5_000)).toBe(200);
  });

  it("clamps a page to the ones that exist", () => {
    expect(clampPage(3, 30)).toBe(2);
    expect(clampPage(0, 30)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.NaN, 100)).toBe(1);
  });

  it("builds page links that keep the search", () => {
    const params = new URLSearchParams("q=smith&status=new&page=4");
    expect(withPage(params, 2)).toBe("?q=smith&status=new&page=2");
    expect(withPage(params, 1)).toBe("?q=smith&status=new");
    expect(withPage(new URLSearchParams("page=3"), 1)).toBe("");
  });
});
