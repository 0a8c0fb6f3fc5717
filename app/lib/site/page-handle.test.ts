import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISLAND_NAMES, pageScripts } from "./page-handle";

describe("pageScripts", () => {
  it("hydrates a page no route opted out of", () => {
    expect(pageScripts([undefined, { breadcrumb: "x" }, null])).toEqual({
      hydrate: true,
      islands: [],
    });
  });

  it("lists each island once, layout first, when a route opts out of hydration", () => {
    expect(
      pageScripts([
        undefined,
        { hydrate: false, islands: ["reveal"] },
        { islands: ["area-filter", "map", "reveal"] },
      ]),
    ).toEqual({ hydrate: false, islands: ["reveal", "area-filter", "map"] });
  });

  it("ignores islands on a page that hydrates", () => {
    expect(pageScripts([{ islands: ["map"] }])).toEqual({ hydrate: true, islands: [] });
  });
});

describe("island entries", () => {
  it("every island name has its entry file, and every entry file a name", () => {
    const dir = path.resolve(import.meta.dirname, "../../islands/entries");
    const files = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => file.replace(/\.ts$/, ""));
    expect(files.sort()).toEqual([...ISLAND_NAMES].sort());
  });
});
