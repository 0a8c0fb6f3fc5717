import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "./env.server";

/*
 * The README's Configuration section is the operator's list of what can be set: every
 * variable the server reads is there, with its default and meaning, and nothing it no longer
 * reads. A variable added to env.server.ts without a line there fails here.
 */

interface DocumentedVariable {
  name: string;
  defaultCell: string;
  meaning: string;
}

/** The rows of the tables under `## Configuration`, up to the next `## ` heading. */
function documentedVariables(readme: string): DocumentedVariable[] {
  const start = readme.indexOf("\n## Configuration\n");
  if (start === -1) throw new Error("README.md has no '## Configuration' section");
  const rest = readme.slice(start + 1);
  const next = rest.indexOf("\n## ");
  const section = next === -1 ? rest : rest.slice(0, next);
  return section.split("\n").flatMap((line) => {
    const row = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|(.*)\|\s*$/.exec(line);
    if (!row) return [];
    // Cells split on pipes that are not escaped (`\|` is a pipe inside a cell).
    const [defaultCell = "", meaning = ""] = row[2]!.split(/(?<!\\)\|/).map((cell) => cell.trim());
    return [{ name: row[1]!, defaultCell, meaning }];
  });
}

const readme = fs.readFileSync(path.join(import.meta.dirname, "../../README.md"), "utf8");
const documented = documentedVariables(readme);
const read = Object.keys(envSchema.shape);

describe("the README's configuration tables", () => {
  it("list every variable env.server.ts reads", () => {
    const names = new Set(documented.map((row) => row.name));
    expect(read.filter((name) => !names.has(name))).toEqual([]);
  });

  it("list no variable env.server.ts does not read, and each once", () => {
    expect(documented.map((row) => row.name).filter((name) => !read.includes(name))).toEqual([]);
    const names = documented.map((row) => row.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it("give each a default and a meaning", () => {
    expect(documented.filter((row) => !row.defaultCell || !row.meaning)).toEqual([]);
  });

  it("give the schema's own default where it has one", () => {
    const shape = envSchema.shape as Record<string, { safeParse(value: unknown): unknown }>;
    const wrong = documented.flatMap(({ name, defaultCell }) => {
      const parsed = shape[name]?.safeParse(undefined) as { success: boolean; data?: unknown };
      if (!parsed?.success || parsed.data === undefined) return [];
      const expected = `\`${String(parsed.data)}\``;
      return defaultCell === expected ? [] : [`${name}: ${defaultCell}, not ${expected}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe("documentedVariables", () => {
  const sample = [
    "# App",
    "| `OUTSIDE` | `1` | not in the section |",
    "## Configuration",
    "| Variable | Default | Meaning |",
    "| --- | --- | --- |",
    "| `PORT` | `3000` | HTTP port |",
    "| `EMPTY` | | |",
    "Some words with `NOT_A_ROW` in them.",
    "| `PIPED` | _(unset)_ | a \\| b |",
    "## Next",
    "| `AFTER` | `2` | not in the section |",
  ].join("\n");

  it("reads only the Configuration section's table rows, name, default and meaning", () => {
    expect(documentedVariables(sample)).toEqual([
      { name: "PORT", defaultCell: "`3000`", meaning: "HTTP port" },
      { name: "EMPTY", defaultCell: "", meaning: "" },
      { name: "PIPED", defaultCell: "_(unset)_", meaning: "a \\| b" },
    ]);
  });

  it("fails loudly when the section is gone", () => {
    expect(() => documentedVariables("# App\n## Setup\n")).toThrow(/Configuration/);
  });
});
