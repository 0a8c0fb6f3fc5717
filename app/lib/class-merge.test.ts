import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./class-merge";

/** Every word in a string literal of the app's source that tailwind-merge knows as a class. */
function classesWrittenInApp(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // This module's own strings name kinds, not classes.
      else if (/\.tsx?$/.test(entry.name) && !/(\.test\.tsx?|class-merge\.ts)$/.test(entry.name)) {
        const source = fs.readFileSync(file, "utf8");
        for (const literal of source.matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
          for (const word of (literal[2] ?? "").split(/\s+/)) if (word) words.add(word);
        }
      }
    }
  };
  walk(path.join(import.meta.dirname, ".."));
  // tailwind-merge drops the first of two equal classes it knows, and keeps both of others.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

/** The lists on which we and tailwind-merge keep different classes (the first 20). */
function disagreements(lists: Iterable<string>): string[] {
  const found: string[] = [];
  for (const list of lists) {
    const ours = mergeClasses(list);
    const theirs = twMerge(list);
    if (ours !== theirs) found.push(`"${list}": ${ours} / tailwind-merge ${theirs}`);
    if (found.length === 20) break;
  }
  return found;
}

describe("mergeClasses", () => {
  it("keeps the later of two classes of a kind, under the same variants", () => {
    expect(mergeClasses("p-6 pb-3 p-4")).toBe("p-4");
    expect(mergeClasses("px-2 py-1 p-4")).toBe("p-4");
    expect(mergeClasses("p-4 px-2")).toBe("p-4 px-2");
    expect(mergeClasses("h-10 w-full size-9")).toBe("size-9");
    expect(mergeClasses("text-sm leading-none text-lg")).toBe("text-lg");
    expect(mergeClasses("text-sm text-white text-muted-foreground")).toBe(
      "text-sm text-muted-foreground",
    );
    expect(mergeClasses("border border-slate-300 border-destructive border-2")).toBe(
      "border-destructive border-2",
    );
    expect(mergeClasses("hover:bg-muted bg-white md:hover:bg-red-50 hover:md:bg-red-100")).toBe(
      "hover:bg-muted bg-white hover:md:bg-red-100",
    );
    expect(mergeClasses("[&_svg]:size-4 [&_svg]:size-3 [&>svg]:size-2")).toBe(
      "[&_svg]:size-3 [&>svg]:size-2",
    );
    expect(mergeClasses("-mt-2 mt-3 -translate-x-1/2 translate-x-0")).toBe("mt-3 translate-x-0");
  });

  it("leaves classes it does not know, important ones and repeated spaces alone", () => {
    expect(mergeClasses("  toast  p-2\n p-3 toast ")).toBe("toast p-3 toast");
    expect(mergeClasses("p-2! p-3 !p-4")).toBe("p-3 !p-4");
    expect(mergeClasses("")).toBe("");
  });

  it("agrees with tailwind-merge on every pair of classes written in the app", () => {
    const classes = classesWrittenInApp();
    // A guard that the corpus was found: the app writes hundreds of classes.
    expect(classes.length).toBeGreaterThan(500);
    const pairs = classes.flatMap((first) => classes.map((second) => `${first} ${second}`));
    expect(disagreements(pairs)).toEqual([]);
  });

  it("agrees with tailwind-merge on longer lists of them, under shuffled variants", () => {
    const classes = classesWrittenInApp();
    const variants = ["", "", "", "hover:", "md:", "md:hover:", "hover:md:", "[&_svg]:", "!"];
    // A fixed seed: a failure names the list, and the next run tries the same ones.
    let seed = 20261127;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const pick = (items: string[]) => items[random(items.length)] ?? "";
    const lists = Array.from({ length: 20_000 }, () =>
      Array.from({ length: 2 + random(6) }, () => pick(variants) + pick(classes)).join(" "),
    );
    expect(disagreements(lists)).toEqual([]);
  });
});
