/**
 * What each page makes the browser download: the JavaScript modules and stylesheets
 * referenced by its HTML (and the modules those import statically), each counted as the
 * server sends it to a browser that takes brotli and gzip, as Chromium does: the build's
 * brotli copy for a file (decision 0067), the compression middleware's for a page.
 */
import zlib from "node:zlib";
import { budgets, check } from "./budgets";
import { get, heading, KB, kb, table } from "./util";

export interface Asset {
  /** The bytes on the wire: the body as sent, compressed. */
  sentBytes: number;
  /** Set when the asset did not load: the page's figure is then incomplete. */
  error?: string;
  /** Static imports of a JS module: the browser fetches them before running it. */
  imports: string[];
}

export interface PageBytes {
  path: string;
  status: number;
  jsFiles: number;
  jsSent: number;
  cssFiles: number;
  cssSent: number;
  htmlSent: number;
  external: string[];
  assetErrors: string[];
  jsUrls: Set<string>;
}

/** What Chromium sends, less zstd (which the server does not speak). */
const BROWSER_ENCODINGS = { "Accept-Encoding": "gzip, deflate, br" };

/** The body as the browser reads it, after Content-Encoding. */
function decoded(body: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  return body;
}

export type AssetReader = (url: string, isJs: boolean) => Promise<Asset>;

/** Fetches an asset once, however many pages name it. */
export function assetReader(): AssetReader {
  const assets = new Map<string, Promise<Asset>>();
  return (url, isJs) => {
    let asset = assets.get(url);
    if (!asset) {
      asset = get(url, BROWSER_ENCODINGS).then((response) => {
        // Usually a build replaced under the running server (assets renamed); report it
        // as a failed check instead of aborting the other parts.
        if (response.status !== 200) {
          return {
            sentBytes: 0,
            imports: [],
            error: `${new URL(url).pathname} HTTP ${response.status}`,
          };
        }
        const body = decoded(response.body, response.headers["content-encoding"]);
        return {
          sentBytes: response.body.length,
          imports: isJs ? staticImports(body.toString("utf8"), url) : [],
        };
      });
      assets.set(url, asset);
    }
    return asset;
  };
}

/** One page's HTML and what it makes the browser load on a first visit. */
export async function pageBytes(
  origin: string,
  path: string,
  fetchAsset: AssetReader,
  headers: Record<string, string> = {},
): Promise<PageBytes> {
  const pageUrl = origin + path;
  const response = await get(pageUrl, { ...BROWSER_ENCODINGS, ...headers });
  const html = decoded(response.body, response.headers["content-encoding"]).toString("utf8");
  const refs = pageAssets(html, pageUrl);
  const external = [...refs.js, ...refs.css].filter((url) => new URL(url).origin !== origin);

  // Walk the static module graph from what the HTML names.
  const js = new Set(refs.js.filter((url) => new URL(url).origin === origin));
  let jsSent = 0;
  const assetErrors: string[] = [];
  for (const url of js) {
    const asset = await fetchAsset(url, true);
    if (asset.error) assetErrors.push(asset.error);
    jsSent += asset.sentBytes;
    for (const imported of asset.imports) {
      if (new URL(imported).origin === origin) js.add(imported); // Set iteration visits additions.
    }
  }
  let cssSent = 0;
  const css = refs.css.filter((url) => new URL(url).origin === origin);
  for (const url of css) {
    const asset = await fetchAsset(url, false);
    if (asset.error) assetErrors.push(asset.error);
    cssSent += asset.sentBytes;
  }
  return {
    path,
    status: response.status,
    jsFiles: js.size,
    jsSent,
    cssFiles: css.length,
    cssSent,
    htmlSent: response.body.length,
    external,
    assetErrors,
    jsUrls: js,
  };
}

export async function measureBytes(origin: string, samplePaths: string[], allPaths: string[]) {
  heading("Bytes: what each public page loads (as sent: brotli; 1 kB = 1000 bytes)");
  const fetchAsset = assetReader();

  const pages: PageBytes[] = [];
  // Sample pages first so the table comes in the order given, then every other public
  // page for the budget: one heavy route anywhere should fail the check.
  const ordered = [...samplePaths, ...allPaths.filter((path) => !samplePaths.includes(path))];
  for (const path of ordered) pages.push(await pageBytes(origin, path, fetchAsset));

  const sample = pages.slice(0, samplePaths.length);
  console.log(
    table(
      ["page", ">JS files", ">JS kB", ">CSS kB", ">HTML kB", ">total kB"],
      sample.map((page) => [
        page.status !== 200
          ? `${page.path} (HTTP ${page.status})`
          : page.assetErrors.length > 0
            ? `${page.path} (${page.assetErrors.length} assets missing)`
            : page.path,
        page.jsFiles,
        kb(page.jsSent),
        kb(page.cssSent),
        kb(page.htmlSent),
        kb(page.jsSent + page.cssSent + page.htmlSent),
      ]),
    ),
  );

  const limit = budgets.jsKbSentPerPage * KB;
  const broken = pages.filter((page) => page.status !== 200 || page.assetErrors.length > 0);
  const over = pages.filter((page) => page.jsSent > limit);
  const heaviest = pages.reduce((a, b) => (b.jsSent > a.jsSent ? b : a));

  // 97 rows would bury the point; pages of one route differ only in content, so group.
  const groups = new Map<string, PageBytes[]>();
  for (const page of pages) {
    const kind = routeKind(page.path);
    groups.set(kind, [...(groups.get(kind) ?? []), page]);
  }
  console.log(
    `\n  all ${pages.length} public pages, by route (budget: JS <= ${budgets.jsKbSentPerPage} kB as sent):`,
  );
  console.log(
    table(
      ["route", ">pages", ">JS kB min", ">JS kB max", ">HTML kB max", ">over budget"],
      [...groups].map(([kind, members]) => [
        kind,
        members.length,
        kb(Math.min(...members.map((page) => page.jsSent))),
        kb(Math.max(...members.map((page) => page.jsSent))),
        kb(Math.max(...members.map((page) => page.htmlSent))),
        members.filter((page) => page.jsSent > limit).length,
      ]),
    ),
  );

  // What every page pays before its own route code: where a JS budget is won or lost.
  const measurable = pages.filter((page) => page.status === 200);
  const shared = [...(measurable[0]?.jsUrls ?? [])].filter((url) =>
    measurable.every((page) => page.jsUrls.has(url)),
  );
  const sharedSizes = await Promise.all(
    shared.map(async (url) => ({ url, sent: (await fetchAsset(url, true)).sentBytes })),
  );
  sharedSizes.sort((a, b) => b.sent - a.sent);
  const sharedTotal = sharedSizes.reduce((sum, asset) => sum + asset.sent, 0);
  console.log(
    `\n  JS shared by every public page: ${kb(sharedTotal)} kB in ${shared.length} files; largest: ` +
      sharedSizes
        .slice(0, 4)
        .map((asset) => `${new URL(asset.url).pathname} ${kb(asset.sent)}`)
        .join(", "),
  );
  for (const page of pages.filter((p) => p.external.length > 0)) {
    console.log(`  note: ${page.path} references other origins: ${page.external.join(", ")}`);
  }

  let detail = `heaviest ${heaviest.path}: ${kb(heaviest.jsSent)} kB`;
  if (over.length > 0) {
    detail = `${over.length} of ${pages.length} pages over; heaviest ${heaviest.path} ${kb(heaviest.jsSent)} kB, shared JS alone ${kb(sharedTotal)} kB`;
  } else if (broken.length > 0) {
    detail = `not measurable: ${broken
      .slice(0, 3)
      .map(
        (page) =>
          `${page.path} (HTTP ${page.status}${page.assetErrors.length ? `; ${page.assetErrors.join(", ")}` : ""})`,
      )
      .join(", ")}${broken.length > 3 ? `, and ${broken.length - 3} more` : ""}`;
  }
  check(
    "bytes",
    `JS <= ${budgets.jsKbSentPerPage} kB sent on every public page (${pages.length})`,
    over.length === 0 && broken.length === 0,
    detail,
  );
}

function routeKind(path: string): string {
  if (path.startsWith("/services/")) return "/services/:service";
  if (path.startsWith("/service-areas/")) return "/service-areas/:city";
  return path;
}

/**
 * The JS and CSS a React Router page names: <link rel="modulepreload">, <script src>,
 * the imports of its inline <script type="module"> (route modules and the
 * `import("/assets/entry.client-*.js")` that boots hydration), and stylesheets.
 */
/** React Router's inline bootstrap module (its <Scripts />). */
const MODULE_TYPES = new Set(["module"]);

export function pageAssets(html: string, pageUrl: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const resolve = (href: string) => new URL(decodeEntities(href), pageUrl).href;

  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]!);
    const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (!attributes.href) continue;
    if (rel.includes("modulepreload")) js.add(resolve(attributes.href));
    if (rel.includes("stylesheet")) css.add(resolve(attributes.href));
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = parseAttributes(match[1]!);
    if (attributes.src) {
      js.add(resolve(attributes.src));
    } else if (MODULE_TYPES.has((attributes.type ?? "").toLowerCase())) {
      for (const specifier of moduleSpecifiers(match[2]!, true)) js.add(resolve(specifier));
    }
    // Classic inline scripts (hydration data, JSON-LD) load nothing.
  }
  return { js: [...js], css: [...css] };
}

/** Static imports only: a lazy `import()` inside a chunk loads on demand, not with the page. */
function staticImports(code: string, moduleUrl: string): string[] {
  return moduleSpecifiers(code, false).map((specifier) => new URL(specifier, moduleUrl).href);
}

/**
 * Module specifiers in (possibly minified) ES module code: `import x from "y"`,
 * `import "y"`, `export {x} from "y"`, and `import("y")` with a literal when asked.
 * A regex, not a parser: Vite's output is regular enough, and a miss shows up as a
 * smaller-than-expected JS figure next to the build report.
 */
function moduleSpecifiers(code: string, withDynamic: boolean): string[] {
  const found: string[] = [];
  const staticPattern =
    /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\n]+)["']/g;
  for (const match of code.matchAll(staticPattern)) found.push(match[1]!);
  if (withDynamic) {
    for (const match of code.matchAll(/(?:^|[^\w$.])import\s*\(\s*["']([^"'\n]+)["']\s*\)/g)) {
      found.push(match[1]!);
    }
  }
  // Keep what looks like a module path: a string such as `x==="import"?"a":"b"` in the
  // minified code must not become a URL.
  return found.filter((specifier) =>
    /^(?:\.{1,2}\/|\/|https?:\/\/)\S*\.m?js(?:\?\S*)?$/.test(specifier),
  );
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(
    /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g,
  )) {
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'");
}
