/**
 * Tailwind class merging for `cn`: a later class wins over an earlier one of the same kind
 * (`p-6` then `p-4` keeps `p-4`; `px-2` then `p-4` keeps `p-4`), under the same variants.
 *
 * tailwind-merge does this for every Tailwind utility, at 8 kB gzip and a class map built on
 * its first call (16-19 ms, 60-70 ms at a phone's speed, inside hydration): decision 0041.
 * This knows the utilities the app's components merge; `class-merge.test.ts` holds it to
 * tailwind-merge's answer for every pair of classes written in `app/`, so a class added
 * anywhere that this would merge differently fails the tests.
 */

/** Kinds that also replace others: a later `p-4` drops an earlier `px-2`. */
const WIDER: Record<string, string> = {
  overflow: "overflow-x overflow-y",
  inset: "inset-x inset-y start end top right bottom left",
  "inset-x": "start end right left",
  "inset-y": "top bottom",
  flex: "basis grow shrink",
  gap: "gap-x gap-y",
  p: "px py ps pe pt pr pb pl",
  px: "ps pe pr pl",
  py: "pt pb",
  m: "mx my ms me mt mr mb ml",
  mx: "ms me mr ml",
  my: "mt mb",
  size: "w h",
  "font-size": "leading",
  "line-clamp": "display overflow",
  rounded:
    "rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl",
  "rounded-s": "rounded-ss rounded-es",
  "rounded-e": "rounded-se rounded-ee",
  "rounded-t": "rounded-tl rounded-tr",
  "rounded-r": "rounded-tr rounded-br",
  "rounded-b": "rounded-br rounded-bl",
  "rounded-l": "rounded-tl rounded-bl",
  "border-w":
    "border-w-x border-w-y border-w-s border-w-e border-w-t border-w-r border-w-b border-w-l",
  "border-w-x": "border-w-s border-w-e border-w-r border-w-l",
  "border-w-y": "border-w-t border-w-b",
  "border-color":
    "border-color-x border-color-y border-color-s border-color-e border-color-t border-color-r border-color-b border-color-l",
  "border-color-x": "border-color-s border-color-e border-color-r border-color-l",
  "border-color-y": "border-color-t border-color-b",
  translate: "translate-x translate-y translate-none",
  "translate-none": "translate translate-x translate-y translate-z",
  "scroll-m": "scroll-mx scroll-my scroll-ms scroll-me scroll-mt scroll-mr scroll-mb scroll-ml",
  "scroll-mx": "scroll-ms scroll-me scroll-mr scroll-ml",
  "scroll-my": "scroll-mt scroll-mb",
  "scroll-p": "scroll-px scroll-py scroll-ps scroll-pe scroll-pt scroll-pr scroll-pb scroll-pl",
  "scroll-px": "scroll-ps scroll-pe scroll-pr scroll-pl",
  "scroll-py": "scroll-pt scroll-pb",
  "fvn-normal": "fvn-ordinal fvn-slashed-zero fvn-figure fvn-spacing fvn-fraction",
  "fvn-ordinal": "fvn-normal",
  "fvn-slashed-zero": "fvn-normal",
  "fvn-figure": "fvn-normal",
  "fvn-spacing": "fvn-normal",
  "fvn-fraction": "fvn-normal",
};

/** Classes that are a whole utility, by kind. */
const WHOLE: Record<string, string> = {};
for (const [kind, names] of Object.entries({
  display:
    "block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
  position: "static fixed absolute relative sticky",
  visibility: "visible invisible collapse",
  sr: "sr-only not-sr-only",
  "font-style": "italic not-italic",
  "text-decoration": "underline overline line-through no-underline",
  "text-transform": "uppercase lowercase capitalize normal-case",
  "text-overflow": "truncate",
  "fvn-normal": "normal-nums",
  "fvn-ordinal": "ordinal",
  "fvn-slashed-zero": "slashed-zero",
  "fvn-figure": "lining-nums oldstyle-nums",
  "fvn-spacing": "proportional-nums tabular-nums",
  "fvn-fraction": "diagonal-fractions stacked-fractions",
  isolation: "isolate isolation-auto",
  "@container": "@container",
  resize: "resize",
  grow: "grow",
  shrink: "shrink",
  filter: "filter",
  // A bare name is the utility's default width or size.
  "border-w": "border",
  "ring-w": "ring",
  "outline-w": "outline",
  shadow: "shadow",
  rounded: "rounded",
  transition: "transition",
  blur: "blur",
  "backdrop-blur": "backdrop-blur",
  "divide-x": "divide-x",
  "divide-y": "divide-y",
  "translate-none": "translate-none",
})) {
  for (const name of names.split(" ")) WHOLE[name] = kind;
}

const is = (pattern: RegExp) => (value: string) => pattern.test(value);
const isNumber = is(/^(\d+(\.\d+)?|\[(length:)?[\d.]+[a-z%]*\])$/);
const isSize = is(/^(\d?xs|sm|base|md|lg|\d?xl|none|full)(\/|$)/);
const isLineStyle = is(/^(solid|dashed|dotted|double|hidden|none)$/);
const SIDES = is(/^(x|y|s|e|t|r|b|l)$/);
const CORNERS = is(/^(s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)$/);

/** How a `name-value` utility's value decides its kind, where the name alone does not. */
const BY_VALUE: Record<string, (value: string) => string> = {
  text: (value) =>
    isSize(value)
      ? "font-size"
      : /^(left|center|right|justify|start|end)$/.test(value)
        ? "text-alignment"
        : /^(wrap|nowrap|balance|pretty)$/.test(value)
          ? "text-wrap"
          : /^(ellipsis|clip)$/.test(value)
            ? "text-overflow"
            : "text-color",
  font: (value) =>
    /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value)
      ? "font-weight"
      : "font-family",
  bg: (value) =>
    /^(linear-|radial|conic|\[url)/.test(value)
      ? "bg-gradient"
      : value === "none"
        ? "bg-image"
        : /^(auto|cover|contain)$/.test(value)
          ? "bg-size"
          : /^(fixed|local|scroll)$/.test(value)
            ? "bg-attachment"
            : /^(clip|origin|repeat|no-repeat)/.test(value)
              ? `bg-${value.split("-")[0]}`
              : /^(bottom|center|left|right|top)/.test(value)
                ? "bg-position"
                : "bg-color",
  border: (value) =>
    SIDES(value)
      ? `border-w-${value}`
      : isNumber(value)
        ? "border-w"
        : isLineStyle(value)
          ? "border-style"
          : /^(collapse|separate)$/.test(value)
            ? "border-collapse"
            : "border-color",
  rounded: (value) => (CORNERS(value) ? `rounded-${value}` : "rounded"),
  shadow: (value) => (isSize(value) || value === "inner" ? "shadow" : "shadow-color"),
  ring: (value) => (isNumber(value) ? "ring-w" : value === "inset" ? "ring-inset" : "ring-color"),
  "ring-offset": (value) => (isNumber(value) ? "ring-offset-w" : "ring-offset-color"),
  outline: (value) =>
    isNumber(value) ? "outline-w" : isLineStyle(value) ? "outline-style" : "outline-color",
  stroke: (value) => (isNumber(value) ? "stroke-w" : "stroke"),
  divide: (value) => (isLineStyle(value) ? "divide-style" : "divide-color"),
  decoration: (value) =>
    isNumber(value) || value === "auto" || value === "from-font"
      ? "decoration-thickness"
      : isLineStyle(value) || value === "wavy"
        ? "decoration-style"
        : "decoration-color",
  list: (value) =>
    /^(inside|outside)$/.test(value)
      ? "list-position"
      : value.startsWith("image")
        ? "list-image"
        : "list-type",
  flex: (value) =>
    /^(row|col)(-reverse)?$/.test(value)
      ? "flex-direction"
      : /^(wrap|nowrap|wrap-reverse)$/.test(value)
        ? "flex-wrap"
        : "flex",
};
for (const name of "from via to".split(" ")) {
  BY_VALUE[name] = (value) => (value.endsWith("%") ? `${name}-position` : name);
}
for (const side of "x y s e t r b l".split(" ")) {
  BY_VALUE[`border-${side}`] = (value) =>
    isNumber(value) ? `border-w-${side}` : `border-color-${side}`;
}
for (const corner of "s e t r b l ss se ee es tl tr br bl".split(" ")) {
  BY_VALUE[`rounded-${corner}`] = () => `rounded-${corner}`;
}

/** Names whose every value is one kind, named as the utility. */
const NAMED = new Set(
  (
    "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml w h size min-w min-h max-w max-h " +
    "gap gap-x gap-y space-x space-y inset inset-x inset-y top right bottom left start end z " +
    "order basis grow shrink grid-cols grid-rows col-span col-start col-end row-span " +
    "row-start row-end columns aspect items justify justify-items justify-self content self " +
    "place-items place-content place-self align overflow overflow-x overflow-y whitespace wrap " +
    "break caption line-clamp leading tracking indent underline-offset outline-offset opacity " +
    "transition duration delay ease animate rotate scale translate translate-x translate-y " +
    "translate-z blur backdrop-blur filter cursor select pointer-events appearance resize " +
    "accent fill caret scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml " +
    "scroll-p scroll-px scroll-py scroll-pt scroll-pr scroll-pb scroll-pl object isolation " +
    "divide-x divide-y float clear box-decoration box grid-flow auto-cols auto-rows"
  ).split(" "),
);

/** The kind of utility a class (without variants or `!`) is, or undefined if not one we know. */
export function utilityKind(utility: string): string | undefined {
  // An arbitrary property: `[--x:1]` replaces `[--x:2]`.
  if (utility[0] === "[") {
    const colon = utility.indexOf(":");
    return colon > 0 && utility.endsWith("]") ? utility.slice(0, colon) : undefined;
  }
  const name = utility[0] === "-" ? utility.slice(1) : utility;
  if (WHOLE[name]) return WHOLE[name];
  let kind: string | undefined;
  // The longest known name before a dash (not inside an arbitrary value) decides.
  for (let dash = name.indexOf("-"); dash > 0; dash = name.indexOf("-", dash + 1)) {
    const head = name.slice(0, dash);
    if (/[[(]/.test(head)) break;
    const value = name.slice(dash + 1);
    if (BY_VALUE[head]) kind = BY_VALUE[head](value);
    else if (NAMED.has(head)) kind = head;
  }
  return kind;
}

/** Variants in the order that doesn't matter sorted, as tailwind-merge compares them. */
const ORDERED = new Set(
  "* ** after backdrop before details-content file first-letter first-line marker placeholder selection".split(
    " ",
  ),
);
function variantKey(variants: string[]): string {
  const key: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant[0] === "[" || ORDERED.has(variant)) {
      key.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return key.concat(run.sort()).join(":");
}

/** `md:hover:p-2!` → variants `md`, `hover`; the utility `p-2`; important. */
function parse(className: string) {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let utility = className.slice(start);
  const important = utility.endsWith("!") || utility.startsWith("!");
  if (important) utility = utility.endsWith("!") ? utility.slice(0, -1) : utility.slice(1);
  // `bg-white/10`, `text-sm/6`: the part after a slash is a modifier of the same utility.
  const slash = utility.lastIndexOf("/");
  const kind =
    utilityKind(utility) ?? (slash > 0 ? utilityKind(utility.slice(0, slash)) : undefined);
  return { kind, scope: variantKey(variants) + (important ? "!" : "") + ":" };
}

/**
 * A page merges the same few lists again and again (every Button, every Badge): each list's
 * answer is kept, up to a few hundred lists, as tailwind-merge kept its own.
 */
const merged = new Map<string, string>();
const MERGED_KEPT = 500;

/** The classes with every one a later class replaces left out, in their order. */
export function mergeClasses(classList: string): string {
  let answer = merged.get(classList);
  if (answer === undefined) {
    if (merged.size === MERGED_KEPT) merged.clear();
    answer = merge(classList);
    merged.set(classList, answer);
  }
  return answer;
}

function merge(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index];
    if (!className) continue;
    const { kind, scope } = parse(className);
    if (kind) {
      if (taken.has(scope + kind)) continue;
      taken.add(scope + kind);
      for (const wider of WIDER[kind]?.split(" ") ?? []) taken.add(scope + wider);
    }
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
