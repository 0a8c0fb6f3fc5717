import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { loadDemoDataOnce } from "./seed.server";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { tinCipher } from "../tax/tin-cipher.server";
import { irisExport, leftOutNames, readyForms, yearEndReport } from "../tax/year-end.server";

/*
 * The demo's year-end (issue 49): a year in which some locksmiths passed the threshold and
 * some did not, W-9s complete and not, and an IRIS file of the complete ones.
 */
const NOW = new Date("2026-11-29T16:00:00Z");

// The browser tests draw a seed a day (E2E_DEMO_SEED); before the demo made sure of it,
// seed 20796 gave no due locksmith a W-9 to complete, and their walk had nobody to start from.
for (const seed of [undefined, 20796]) {
  describeEachDatabase(`the demo's 1099s, seed ${seed ?? "default"}`, (t) => {
    it("gives the year just ended locksmiths above and below the threshold, someone left out, and a file", async () => {
      const cipher = tinCipher(randomBytes(32).toString("base64"));
      expect(await loadDemoDataOnce(t.handle.db, NOW, seed, cipher)).toBe(true);
      const rows = await yearEndReport(t.handle.db, 2025);
      expect(rows.filter((row) => row.due).length).toBeGreaterThan(1);
      expect(rows.filter((row) => !row.due && row.countedCents > 0).length).toBeGreaterThan(1);
      expect(rows.filter((row) => row.apartCents > 0).length).toBeGreaterThan(0);
      expect(leftOutNames(rows).length).toBeGreaterThan(0);
      const { csv, forms } = await irisExport(t.handle.db, cipher, 2025, TEST_ACTOR);
      expect(forms).toBe(readyForms(rows).length);
      expect(forms).toBeGreaterThan(0);
      expect(csv.split("\r\n")).toHaveLength(forms + 2);
    }, 120_000);
  });
}
