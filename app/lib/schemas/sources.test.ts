import { expect, it } from "vitest";
import { SOURCES_TEXT, sourcesActionSchema } from "./sources";

/** The first error of a parse, or undefined when it passed. */
function errorOf(value: Record<string, unknown>): string | undefined {
  const parsed = sourcesActionSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

it("refuses a source name that turns text around (U+202E)", () => {
  expect(errorOf({ intent: "add-source", name: "Yelp\u202Epleh" })).toBe(
    SOURCES_TEXT.directionCharacters,
  );
  expect(errorOf({ intent: "add-source", name: "Yelp" })).toBeUndefined();
});

it("refuses spend for a month that has not begun (issue 47: 2099 was accepted)", () => {
  const sourceId = "7b0c5a0e-1c2d-4e3f-8a9b-0c1d2e3f4a5b";
  expect(errorOf({ intent: "set-spend", sourceId, month: "2099-12", amount: "10" })).toBe(
    SOURCES_TEXT.monthAhead,
  );
  expect(
    errorOf({ intent: "set-spend", sourceId, month: "2026-01", amount: "10" }),
  ).toBeUndefined();
});
