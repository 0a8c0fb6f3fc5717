/**
 * Writes app/lib/tailwind-merge-config.ts: tailwind-merge's own default configuration
 * (`getDefaultConfig()`), cut to the class groups the app's classes belong to, for `cn`
 * (decision 0043). Nothing in the written file is chosen by hand: every class group, conflict,
 * theme scale and value test in it is tailwind-merge's, copied from the installed version.
 *
 *   node --import tsx scripts/tailwind-merge-config.ts          writes the file
 *   node --import tsx scripts/tailwind-merge-config.ts --check  exit 1 when it is out of date
 *
 * Run it after adding a class of a kind the app did not use before (app/lib/class-merge.test.ts
 * says so when that class would merge differently from tailwind-merge's full configuration),
 * or after updating tailwind-merge.
 */
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from "tailwind-merge";

const root = path.resolve(import.meta.dirname, "..");
export const CONFIG_FILE = path.join(root, "app", "lib", "tailwind-merge-config.ts");

/**
 * Ordinary Tailwind 4 pairs the app does not write yet, where a merge of our own went wrong
 * (decision 0041 kept 6 of them dropping a class): the cut keeps their groups too, and the
 * test holds `cn` to tailwind-merge's full configuration on each.
 */
export const ORDINARY_PAIRS = [
  "text-red-500 text-[12px]",
  "text-[12px] text-[#fff]",
  "text-[12px] text-red-500",
  "text-base text-[14px]",
  "object-cover object-center",
  "object-contain object-cover",
  "object-top object-bottom",
  "content-none content-center",
  "content-['a'] content-none",
  "rotate-45 rotate-x-12",
  "rotate-x-12 rotate-y-6",
  "rotate-45 -rotate-90",
  "scale-95 scale-x-110",
  "scale-x-110 scale-y-90",
  "scale-95 scale-100",
  "translate-x-2 translate-y-4",
  "translate-x-2 -translate-x-4",
  "translate-none translate-x-2",
  "inset-0 inset-x-4",
  "inset-x-4 inset-0",
  "top-0 inset-y-2",
  "left-2 start-4",
  "border-2 border-red-500",
  "border-t-2 border-t-red-500",
  "border-x-2 border-l-4",
  "border border-0",
  "ring-2 ring-blue-500",
  "ring-2 ring-4",
  "ring-offset-2 ring-offset-white",
  "inset-ring-2 ring-2",
  "shadow-md shadow-red-500",
  "shadow-sm shadow-lg",
  "shadow-none inset-shadow-sm",
  "text-lg leading-tight",
  "leading-tight text-lg",
  "text-lg/7 leading-none",
  "font-bold font-medium",
  "font-sans font-mono",
  "tracking-tight tracking-wide",
  "bg-red-500 bg-[url(/a.png)]",
  "bg-cover bg-center",
  "from-red-500 via-blue-500",
  "outline-2 outline-red-500",
  "outline-hidden outline-2",
  "divide-x-2 divide-y-4",
  "divide-red-500 divide-x",
  "gap-2 gap-x-4",
  "grid-cols-2 grid-cols-[1fr_2fr]",
  "col-span-2 col-start-1",
  "overflow-hidden overflow-x-auto",
  "min-w-0 min-w-full",
  "size-4 w-8",
  "opacity-50 opacity-[.35]",
  "z-10 z-[100]",
];

/** Every word in a string literal of the app's source that tailwind-merge knows as a class. */
export function classesWrittenInApp(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      // The written configuration's strings are class parts, not classes the app writes.
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        file !== CONFIG_FILE
      ) {
        const source = fs.readFileSync(file, "utf8");
        for (const literal of source.matchAll(/(["'`])((?:(?!\1)[^\\\n])*)\1/g)) {
          for (const word of (literal[2] ?? "").split(/\s+/)) if (word) words.add(word);
        }
      }
    }
  };
  walk(path.join(root, "app"));
  // tailwind-merge drops the first of two equal classes it knows, and keeps both of others.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

type Config = ReturnType<typeof getDefaultConfig>;
type GroupId = keyof Config["classGroups"];

/**
 * The class groups any of `classes` belongs to: a group is kept when tailwind-merge, knowing
 * that group alone, takes the class for one of it. A class some groups claim only as a
 * fallback (a colour group takes any value) keeps those too: more than needed, never less.
 */
export function groupsOf(classes: string[]): Set<GroupId> {
  const config = getDefaultConfig();
  const knowing = (classGroups: Partial<Config["classGroups"]>) =>
    createTailwindMerge(() => ({
      ...config,
      cacheSize: 0,
      classGroups,
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: [],
    }));
  // Arbitrary properties (`[--x:1]`) are merged by their property, without any group.
  const nothing = knowing({});
  const grouped = classes.filter((name) => nothing(`${name} ${name}`) !== name);
  const kept = new Set<GroupId>();
  for (const id of Object.keys(config.classGroups) as GroupId[]) {
    const alone = knowing({ [id]: config.classGroups[id] });
    if (grouped.some((name) => alone(`${name} ${name}`) === name)) kept.add(id);
  }
  return kept;
}

const VALIDATOR_NAMES = new Map<unknown, string>(
  Object.entries(validators).map(([name, test]) => [test, name]),
);

interface Used {
  validators: Set<string>;
  theme: Set<string>;
  /** Value lists written with a repeated run of values spread in (`repeatedScales`). */
  lists: Map<unknown[], string>;
}

/** A configuration value as TypeScript source: value tests and theme scales by name. */
function source(value: unknown, used: Used): string {
  if (typeof value === "function") {
    const name = VALIDATOR_NAMES.get(value);
    if (name) {
      used.validators.add(name);
      return name;
    }
    const themeKey = (value as { themeKey?: string }).themeKey;
    if (typeof themeKey !== "string") throw new Error(`Unknown function in the config: ${value}`);
    used.theme.add(themeKey);
    return `fromTheme(${JSON.stringify(themeKey)})`;
  }
  if (Array.isArray(value)) {
    return used.lists.get(value) ?? `[${value.map((item) => source(item, used)).join(", ")}]`;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}: ${source(item, used)}`,
    );
    return `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** The fewest values a run must have to be named: a shorter one reads as well where it stands. */
const SCALE_MIN_VALUES = 4;

/**
 * The runs of values that stand in two or more value lists of `classGroups`, written once as
 * tailwind-merge's own default configuration writes them (its `scale…()` lists, spread into
 * the lists that use them; the installed version hands them over flattened). Each run is
 * named after the first class group it stands in; the longest, most repeated run goes first.
 * Records each list's source in `used.lists`; returns the runs' declarations.
 */
function repeatedScales(classGroups: Record<string, unknown>, used: Used): string[] {
  interface Sequence {
    group: string;
    tokens: string[];
    list?: unknown[];
  }
  const sequences: Sequence[] = [];
  const walk = (value: unknown, group: string) => {
    if (Array.isArray(value) && value.length >= SCALE_MIN_VALUES) {
      sequences.push({ group, list: value, tokens: value.map((item) => source(item, used)) });
    }
    if (value && typeof value === "object") {
      Object.values(value).forEach((item) => walk(item, group));
    }
  };
  for (const [group, value] of Object.entries(classGroups)) walk(value, group);

  const occurrences = (tokens: string[], run: string[]) => {
    const at: number[] = [];
    for (let i = 0; i + run.length <= tokens.length; i++) {
      if (run.every((token, k) => tokens[i + k] === token)) {
        at.push(i);
        i += run.length - 1;
      }
    }
    return at;
  };
  const scales = new Map<string, string[]>();
  for (;;) {
    // The common runs of every two sequences, longest at each place.
    let best: { run: string[]; group: string; score: number } | undefined;
    for (const [n, a] of sequences.entries()) {
      for (const b of sequences.slice(n + 1)) {
        for (let i = 0; i < a.tokens.length; i++) {
          for (let j = 0; j < b.tokens.length; j++) {
            if (a.tokens[i - 1] !== undefined && a.tokens[i - 1] === b.tokens[j - 1]) continue;
            let length = 0;
            while (
              a.tokens[i + length] !== undefined &&
              a.tokens[i + length] === b.tokens[j + length]
            )
              length++;
            if (length < SCALE_MIN_VALUES) continue;
            const run = a.tokens.slice(i, i + length);
            const count = sequences.reduce((sum, s) => sum + occurrences(s.tokens, run).length, 0);
            const score = length * count;
            if (!best || score > best.score) best = { run, group: a.group, score };
          }
        }
      }
    }
    if (!best) break;
    const base = `scale${best.group.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase())}`;
    let name = base;
    for (let n = 2; scales.has(name); n++) name = `${base}${n}`;
    for (const sequence of sequences) {
      for (const i of occurrences(sequence.tokens, best.run).reverse()) {
        sequence.tokens.splice(i, best.run.length, `...${name}`);
      }
    }
    scales.set(name, best.run);
    sequences.push({ group: best.group, tokens: [...best.run] });
    // The run's own tokens change with later runs: keep the declaration's copy in step.
    scales.set(name, sequences.at(-1)!.tokens);
  }
  for (const { list, tokens } of sequences)
    if (list) used.lists.set(list, `[${tokens.join(", ")}]`);

  // Declared before use: a run may spread in a run named after it.
  const declarations: string[] = [];
  const declared = new Set<string>();
  const declare = (name: string) => {
    if (declared.has(name)) return;
    declared.add(name);
    const tokens = scales.get(name)!;
    for (const token of tokens) if (token.startsWith("...")) declare(token.slice(3));
    declarations.push(`  const ${name} = [${tokens.join(", ")}];`);
  };
  for (const name of scales.keys()) declare(name);
  return declarations;
}

/** The default configuration with only `groups`, as a TypeScript module's source. */
export function cutConfigSource(groups: Set<string>): string {
  const config = getDefaultConfig();
  const used: Used = { validators: new Set(), theme: new Set(), lists: new Map() };
  const keep = (id: string) => groups.has(id);
  const pick = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => keep(id)));
  const conflicts = (record: Record<string, readonly string[] | undefined>) =>
    Object.fromEntries(
      Object.entries(pick(record))
        .map(([id, others]) => [id, (others ?? []).filter(keep)] as const)
        .filter(([, others]) => others.length > 0),
    );
  // Class groups first: they name the theme scales the theme part must keep.
  const scales = repeatedScales(pick(config.classGroups), used);
  const classGroups = source(pick(config.classGroups), used);
  const theme = source(
    Object.fromEntries(Object.entries(config.theme).filter(([key]) => used.theme.has(key))),
    used,
  );
  const names = [...used.validators].sort();
  return [
    "// Written by scripts/tailwind-merge-config.ts from tailwind-merge's getDefaultConfig(): do",
    "// not edit. The class groups the app's classes belong to (decision 0043).",
    'import { fromTheme, validators, type Config } from "tailwind-merge";',
    "",
    `const { ${names.join(", ")} } = validators;`,
    "",
    "/** Made at the first merge, not as the module loads: tailwind-merge asks for it then. */",
    "export function cutConfig(): Config<string, string> {",
    ...scales,
    "  return {",
    `    cacheSize: ${config.cacheSize},`,
    `    theme: ${theme},`,
    `    classGroups: ${classGroups},`,
    `    conflictingClassGroups: ${source(conflicts(config.conflictingClassGroups), used)},`,
    `    conflictingClassGroupModifiers: ${source(conflicts(config.conflictingClassGroupModifiers), used)},`,
    `    postfixLookupClassGroups: ${source((config.postfixLookupClassGroups ?? []).filter(keep), used)},`,
    `    orderSensitiveModifiers: ${source(config.orderSensitiveModifiers, used)},`,
    "  };",
    "}",
    "",
  ].join("\n");
}

/** The file as this version of tailwind-merge and the app's classes make it, formatted. */
export async function expectedConfigFile(): Promise<string> {
  const classes = [...classesWrittenInApp(), ...ORDINARY_PAIRS.flatMap((pair) => pair.split(" "))];
  const options = await prettier.resolveConfig(CONFIG_FILE);
  return prettier.format(cutConfigSource(groupsOf(classes)), { ...options, filepath: CONFIG_FILE });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const expected = await expectedConfigFile();
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(CONFIG_FILE) ? fs.readFileSync(CONFIG_FILE, "utf8") : "";
    if (current !== expected) {
      console.error(`${path.relative(root, CONFIG_FILE)} is out of date: run this script.`);
      process.exit(1);
    }
  } else {
    fs.writeFileSync(CONFIG_FILE, expected);
    console.log(`Wrote ${path.relative(root, CONFIG_FILE)}.`);
  }
}
