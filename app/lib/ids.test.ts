import { randomFillSync } from "node:crypto";
import { afterEach, expect, it, vi } from "vitest";
import { randomId } from "./ids";

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
