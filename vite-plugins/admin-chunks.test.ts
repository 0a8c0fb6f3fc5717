import { describe, expect, it } from "vitest";
import { iconsImportedBy, sharedSmallModules, type Graph } from "./admin-chunks";

/** A module graph from `imports` (id -> ids it imports at once) and code sizes. */
function graphOf(imports: Record<string, string[]>, sizes: Record<string, number> = {}): Graph {
  return {
    getModuleInfo: (id) =>
      id in imports
        ? {
            importedIds: imports[id]!,
            dynamicallyImportedIds: [],
            code: "x".repeat(sizes[id] ?? 100),
          }
        : null,
  };
}

const screens = (count: number, imported: string[]) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`admin-${i}`, imported]));

describe("sharedSmallModules", () => {
  it("takes a small module five back-office screens import, with what it imports", () => {
    const graph = graphOf({
      ...screens(5, ["card", "utils"]),
      card: ["cn"],
      cn: [],
      utils: [],
    });
    const admin = Object.keys(screens(5, []));
    expect(sharedSmallModules(graph, { admin, other: [] }, new Set(["utils"]))).toEqual(
      new Set(["card", "cn"]),
    );
  });

  it("leaves a module four screens import in a chunk of its own", () => {
    const graph = graphOf({ ...screens(4, ["badge"]), badge: [] });
    const admin = Object.keys(screens(4, []));
    expect(sharedSmallModules(graph, { admin, other: [] }, new Set())).toEqual(new Set());
  });

  it("leaves a module the sign-in screen imports too, so that it does not load the shell", () => {
    const graph = graphOf({ ...screens(6, ["input"]), input: [], "auth-sign-in": ["input"] });
    const admin = Object.keys(screens(6, []));
    expect(sharedSmallModules(graph, { admin, other: ["auth-sign-in"] }, new Set())).toEqual(
      new Set(),
    );
  });

  it("leaves a shared module that is large, or brings a large or outside module along", () => {
    const graph = graphOf(
      {
        ...screens(7, ["form-options", "list-page", "money"]),
        "form-options": [],
        "list-page": ["period-picker"],
        "period-picker": [],
        money: ["format"],
        format: [],
        "customer-page": ["format"],
      },
      { "form-options": 29_000, "period-picker": 9_000 },
    );
    const admin = Object.keys(screens(7, []));
    expect(sharedSmallModules(graph, { admin, other: ["customer-page"] }, new Set())).toEqual(
      new Set(),
    );
  });

  it("never takes a screen's own route module", () => {
    const graph = graphOf({
      ...screens(5, ["admin-0", "row"]),
      "admin-0": ["row"],
      row: [],
    });
    const admin = Object.keys(screens(5, []));
    expect(sharedSmallModules(graph, { admin, other: [] }, new Set())).toEqual(new Set(["row"]));
  });
});

describe("iconsImportedBy", () => {
  it("names the icons a module imports from lucide-react as their modules are named", () => {
    const graph: Graph = {
      getModuleInfo: (id) => ({
        importedIds: [],
        dynamicallyImportedIds: [],
        code:
          id === "job-page"
            ? `import { MapPin, MessageSquare as Texts } from "lucide-react";\nimport { cn } from "./cn";`
            : `import {\n  KeyRound,\n} from 'lucide-react';`,
      }),
    };
    expect(iconsImportedBy(graph, ["job-page", "sign-in"])).toEqual(
      new Set(["map-pin", "message-square", "key-round"]),
    );
  });
});
