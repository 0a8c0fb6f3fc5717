import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ChangeFeed } from "~/server/live/change-feed.server";

export const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** One encoding of a page: its bytes and its strong validator. */
export interface PageVariant {
  body: Buffer;
  /** Quoted, as sent: the same bytes always get the same ETag, in any process. */
  etag: string;
}

export interface CachedPage {
  status: number;
  /** The response's headers as rendered, minus those that belong to one response. */
  headers: readonly (readonly [string, string])[];
  variants: Readonly<Record<Encoding, PageVariant>>;
  storedAt: number;
}

/**
 * Rendered public pages by URL, each held as brotli, gzip and identity bodies. Public pages
 * depend only on built-in content and published reviews, so the whole cache is dropped
 * when reviews change. Least recently used pages go first past `maxEntries`.
 */
export class PageCache {
  private pages = new Map<string, CachedPage & { lastUsed: number }>();
  private waiting = new Map<string, Promise<CachedPage | undefined>>();
  private generation = 0;
  private clock = 0;

  constructor(private readonly maxEntries = 500) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    // A counter, not a re-insertion: a hit (the hot path) only writes one number.
    if (page) page.lastUsed = ++this.clock;
    return page;
  }

  /** Returns a token that must be handed back to `set`, so a render that raced a clear is not stored. */
  begin(): number {
    return this.generation;
  }

  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.pages.set(key, { ...page, lastUsed: ++this.clock });
    if (this.pages.size > this.maxEntries) this.evictLeastRecentlyUsed();
  }

  /**
   * The page being rendered for this key by an earlier request, if one is: requests that
   * arrive meanwhile wait for it instead of rendering and compressing the same page again
   * (after a clear, every visitor of a busy page would). Resolves undefined when that render
   * was not stored.
   */
  inFlight(key: string): Promise<CachedPage | undefined> | undefined {
    return this.waiting.get(key);
  }

  /** Announces a render for `key`; call the returned function with its outcome, always. */
  rendering(key: string): (page: CachedPage | undefined) => void {
    let settle!: (page: CachedPage | undefined) => void;
    this.waiting.set(key, new Promise((resolve) => (settle = resolve)));
    return (page) => {
      this.waiting.delete(key);
      settle(page);
    };
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  private evictLeastRecentlyUsed(): void {
    let oldestKey: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const [key, page] of this.pages) {
      if (page.lastUsed < oldest) {
        oldest = page.lastUsed;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) this.pages.delete(oldestKey);
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A rendered page as the cache holds it: compressed once, as hard as the formats go (brotli
 * 11, gzip 9), off the main thread, then served as bytes to every visitor. A URL with a
 * query string gets brotli 5: such pages are rarely asked for twice, and anyone can make up
 * new ones, so they must not cost a hundred milliseconds of CPU each.
 */
export async function precompressPage(rendered: {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Buffer;
  key: string;
}): Promise<CachedPage> {
  const { body } = rendered;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: rendered.key.includes("?") ? 5 : 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  const tag = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 22);
  return {
    status: rendered.status,
    headers: rendered.headers,
    variants: {
      br: { body: br, etag: `"${tag}-br"` },
      gzip: { body: gz, etag: `"${tag}-gz"` },
      identity: { body, etag: `"${tag}"` },
    },
    storedAt: Date.now(),
  };
}

/**
 * The settings the website's prices come from: the price list (price-list.server.ts, decision
 * 0036) and the after-hours rate the pricing copy states (after-hours.server.ts, decision 0066).
 */
const PRICE_SETTINGS: readonly string[] = ["price_list", "after_hours_rate"];

/**
 * Public pages depend only on built-in content, published reviews and the office's price
 * list and after-hours rate: the cache is emptied when reviews or the price list change in any process, or when
 * the change feed may have missed changes ("*", after its connection came back). Answers
 * the cache.
 */
export function clearedOnPublicChanges(
  cache: PageCache,
  changes: Pick<ChangeFeed, "subscribe">,
): PageCache {
  changes.subscribe((change) => {
    if (
      change.table === "reviews" ||
      change.table === "*" ||
      (change.table === "app_settings" && PRICE_SETTINGS.includes(change.id ?? ""))
    ) {
      cache.clear();
    }
  });
  return cache;
}
