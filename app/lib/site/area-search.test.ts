import { describe, expect, it } from "vitest";
import {
  AREAS_DROPDOWN_LIMIT,
  HOME_SUGGESTION_LIMIT,
  areaMatches,
  filterAreas,
  searchAreas,
} from "./area-search";

const area = (name: string, region: string, zipCodes: string[]) => ({ name, region, zipCodes });

const oakLawn = area("Oak Lawn", "Southwest Suburbs", ["60453", "60454"]);
const hickoryHills = area("Hickory Hills", "Southwest Suburbs", ["60457"]);
const hydePark = area("Hyde Park", "Chicago", ["60615", "60637"]);
const countryClubHills = area("Country Club Hills", "South Suburbs", ["60478"]);
const wrigley = area("Wrigley-ville", "Chicago", ["60613"]);

// The rule and limits of docs/spec/public-site.md §5.
describe("areaMatches: the spec's rule", () => {
  it("matches when the name contains the text", () => {
    expect(areaMatches(oakLawn, "k la")).toBe(true);
    expect(areaMatches(oakLawn, "awn")).toBe(true);
  });

  it("matches when any ZIP contains the text", () => {
    expect(areaMatches(oakLawn, "60454")).toBe(true);
    expect(areaMatches(oakLawn, "0454")).toBe(true);
    expect(areaMatches(oakLawn, "60455")).toBe(false);
  });

  it("matches when the region contains the text", () => {
    expect(areaMatches(oakLawn, "southwest")).toBe(true);
    expect(areaMatches(hydePark, "chicago")).toBe(true);
    expect(areaMatches(hydePark, "suburbs")).toBe(false);
  });

  it("matches when any word of the name, split on spaces and hyphens, starts with the text", () => {
    expect(areaMatches(countryClubHills, "club")).toBe(true);
    expect(areaMatches(wrigley, "ville")).toBe(true);
  });

  it("is case-insensitive and trims the text", () => {
    expect(areaMatches(oakLawn, "  OAK lawn  ")).toBe(true);
    expect(areaMatches(hydePark, "HYDE")).toBe(true);
  });

  it("matches nothing for empty or blank text", () => {
    expect(areaMatches(oakLawn, "")).toBe(false);
    expect(areaMatches(oakLawn, "   ")).toBe(false);
  });

  it("does not match unrelated text", () => {
    expect(areaMatches(oakLawn, "evanston")).toBe(false);
  });
});

describe("searchAreas", () => {
  const areas = [oakLawn, hickoryHills, hydePark, countryClubHills, wrigley];

  it("keeps list order and honours the limit", () => {
    expect(searchAreas(areas, "hills")).toEqual([hickoryHills, countryClubHills]);
    expect(searchAreas(areas, "6", 2)).toEqual([oakLawn, hickoryHills]);
  });

  it("gives no suggestions for blank text", () => {
    expect(searchAreas(areas, "  ")).toEqual([]);
  });

  it("has the spec's limits", () => {
    expect(HOME_SUGGESTION_LIMIT).toBe(5);
    expect(AREAS_DROPDOWN_LIMIT).toBe(8);
  });
});

describe("filterAreas", () => {
  const areas = [oakLawn, hydePark];

  it("shows every area when the filter is blank", () => {
    expect(filterAreas(areas, "")).toEqual(areas);
    expect(filterAreas(areas, "  ")).toEqual(areas);
  });

  it("filters by the same rule", () => {
    expect(filterAreas(areas, "hyde")).toEqual([hydePark]);
    expect(filterAreas(areas, "zzz")).toEqual([]);
  });
});
