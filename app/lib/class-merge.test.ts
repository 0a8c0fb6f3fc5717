import fs from "node:fs";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import {
  CONFIG_FILE,
  classesWrittenInApp,
  expectedConfigFile,
  ORDINARY_PAIRS,
} from "../../scripts/tailwind-merge-config";
import { cn } from "./utils";

/*
 * `cn` merges with tailwind-merge's default configuration cut to the app's class groups
 * (decision 0043). tailwind-merge with its whole configuration is the oracle: wherever the
 * two differ, the cut left out a group the app now uses (run the script again).
 */

/** The lists on which `cn` and tailwind-merge's full configuration differ (the first 20). */
function disagreements(lists: Iterable<string>): string[] {
  const found: string[] = [];
  for (const list of lists) {
    const ours = cn(list);
    const theirs = twMerge(list);
    if (ours !== theirs) found.push(`"${list}": ${ours} / tailwind-merge ${theirs}`);
    if (found.length === 20) break;
  }
  return found;
}

describe("cn", () => {
  it("keeps the later of two classes of a kind, under the same variants", () => {
    expect(cn("p-6 pb-3 p-4")).toBe("p-4");
    expect(cn("px-2 py-1 p-4")).toBe("p-4");
    expect(cn("p-4 px-2")).toBe("p-4 px-2");
    expect(cn("h-10 w-full size-9")).toBe("size-9");
    expect(cn("text-sm leading-none text-lg")).toBe("text-lg");
    expect(cn("text-sm text-white text-muted-foreground")).toBe("text-sm text-muted-foreground");
    expect(cn("border border-slate-300 border-destructive border-2")).toBe(
      "border-destructive border-2",
    );
    expect(cn("hover:bg-muted bg-white md:hover:bg-red-50 hover:md:bg-red-100")).toBe(
      "hover:bg-muted bg-white hover:md:bg-red-100",
    );
    expect(cn("[&_svg]:size-4 [&_svg]:size-3 [&>svg]:size-2")).toBe(
      "[&_svg]:size-3 [&>svg]:size-2",
    );
    expect(cn("-mt-2 mt-3 -translate-x-1/2 translate-x-0")).toBe("mt-3 translate-x-0");
  });

  it("takes clsx's inputs: conditions, arrays and objects", () => {
    const active = false;
    expect(cn("p-2", active && "p-4", ["text-sm", { "text-lg": true, hidden: false }])).toBe(
      "p-2 text-lg",
    );
  });

  it("leaves classes it does not know, important ones and repeated spaces alone", () => {
    expect(cn("  toast  p-2\n p-3 toast ")).toBe("toast p-3 toast");
    expect(cn("p-2! p-3 !p-4")).toBe("p-3 !p-4");
    expect(cn("")).toBe("");
  });

  it("keeps both classes where a merge of our own dropped one (decision 0041's copy)", () => {
    expect(cn("text-red-500 text-[12px]")).toBe("text-red-500 text-[12px]");
    expect(cn("text-[12px] text-[#fff]")).toBe("text-[12px] text-[#fff]");
    expect(cn("object-cover object-center")).toBe("object-cover object-center");
    expect(cn("content-none content-center")).toBe("content-none content-center");
    expect(cn("rotate-45 rotate-x-12")).toBe("rotate-45 rotate-x-12");
    expect(cn("scale-95 scale-x-110")).toBe("scale-95 scale-x-110");
  });

  it("agrees with tailwind-merge on ordinary Tailwind 4 pairs the app does not write yet", () => {
    expect(ORDINARY_PAIRS).toHaveLength(54);
    const both = ORDINARY_PAIRS.flatMap((pair) => [pair, pair.split(" ").reverse().join(" ")]);
    expect(disagreements(both)).toEqual([]);
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

  it("merges with the configuration the script writes from tailwind-merge's own", async () => {
    // Edited by hand, or left behind by a tailwind-merge update: run the script.
    expect(fs.readFileSync(CONFIG_FILE, "utf8")).toBe(await expectedConfigFile());
  });
});
