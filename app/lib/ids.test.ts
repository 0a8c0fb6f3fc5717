import { randomFillSync } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { randomId, shortHash } from "./ids";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

it("makes version-4 UUIDs, different each time", () => {
  const ids = new Set(Array.from({ length: 100 }, randomId));
  expect(ids.size).toBe(100);
  for (const id of ids) expect(id).toMatch(UUID_V4);
});

it("makes them without crypto.randomUUID too (plain http is not a secure context)", () => {
  vi.stubGlobal("crypto", { getRandomValues: (array: Uint8Array) => randomFillSync(array) });
  expect(randomId()).toMatch(UUID_V4);
});

describe("shortHash", () => {
  it("names a text with letters and digits only, the same each time", () => {
    const text = JSON.stringify({ name: "Rosa Lewis", zip: "60606" });
    expect(shortHash(text)).toMatch(/^[0-9a-z]{1,7}$/);
    expect(shortHash(text)).toBe(shortHash(text));
  });

  it("names different texts differently", () => {
    const names = new Set(
      ["", "a", "b", "ab", "ba", '{"name":"Rosa"}', '{"name":"Rosa "}'].map(shortHash),
    );
    expect(names.size).toBe(7);
  });
});
