import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { clearedOnPublicChanges, PageCache, precompressPage, type CachedPage } from "./page-cache";

const page = (body: string): CachedPage => {
  const bytes = Buffer.from(body);
  const variant = { body: bytes, etag: `"${body}"` };
  return {
    status: 200,
    headers: [["content-type", "text/html"]],
    variants: { br: variant, gzip: variant, identity: variant },
    storedAt: Date.now(),
  };
};

const bodyOf = (cached: CachedPage | undefined) => cached?.variants.identity.body.toString();

describe("PageCache", () => {
  it("returns what was stored for a key", () => {
    const cache = new PageCache();
    cache.set("/", page("home"), cache.begin());
    expect(bodyOf(cache.get("/"))).toBe("home");
    expect(cache.get("/about")).toBeUndefined();
  });

  it("is emptied when reviews, the price list or the after-hours rate change, or when changes may have been missed", () => {
    type Listener = Parameters<Parameters<typeof clearedOnPublicChanges>[1]["subscribe"]>[0];
    let listener: Listener = () => {};
    const cache = clearedOnPublicChanges(new PageCache(), {
      subscribe: (heard) => {
        listener = heard;
        return () => {};
      },
    });
    cache.set("/", page("home"), cache.begin());
    listener({ table: "leads", op: "insert", id: "1" });
    expect(bodyOf(cache.get("/"))).toBe("home");
    listener({ table: "reviews", op: "update", id: "2" });
    expect(cache.get("/")).toBeUndefined();
    cache.set("/", page("home"), cache.begin());
    listener({ table: "app_settings", op: "update", id: "night_watch" });
    expect(bodyOf(cache.get("/"))).toBe("home");
    listener({ table: "app_settings", op: "update", id: "price_list" });
    expect(cache.get("/")).toBeUndefined();
    cache.set("/", page("home"), cache.begin());
    // The after-hours rate is stated on the home page (decision 0066).
    listener({ table: "app_settings", op: "update", id: "after_hours_rate" });
    expect(cache.get("/")).toBeUndefined();
    cache.set("/", page("home"), cache.begin());
    listener({ table: "*", op: "update", id: "" });
    expect(cache.get("/")).toBeUndefined();
  });

  it("drops everything on clear", () => {
    const cache = new PageCache();
    cache.set("/", page("home"), cache.begin());
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("does not store a page rendered before a clear", () => {
    const cache = new PageCache();
    const token = cache.begin();
    cache.clear();
    cache.set("/", page("stale"), token);
    expect(cache.get("/")).toBeUndefined();
  });

  it("evicts the least recently used page past its size", () => {
    const cache = new PageCache(2);
    cache.set("/a", page("a"), cache.begin());
    cache.set("/b", page("b"), cache.begin());
    cache.get("/a");
    cache.set("/c", page("c"), cache.begin());
    expect(cache.get("/b")).toBeUndefined();
    expect(bodyOf(cache.get("/a"))).toBe("a");
    expect(bodyOf(cache.get("/c"))).toBe("c");
  });

  it("lets later requests wait for a render in flight, and forgets it once settled", async () => {
    const cache = new PageCache();
    expect(cache.inFlight("/")).toBeUndefined();
    const settle = cache.rendering("/");
    const waiting = cache.inFlight("/");
    expect(waiting).toBeDefined();
    settle(page("home"));
    expect(bodyOf(await waiting)).toBe("home");
    expect(cache.inFlight("/")).toBeUndefined();
  });

  it("tells waiters when the render in flight was not kept", async () => {
    const cache = new PageCache();
    const settle = cache.rendering("/missing");
    const waiting = cache.inFlight("/missing");
    settle(undefined);
    expect(await waiting).toBeUndefined();
  });
});

describe("precompressPage", () => {
  const html = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Locked out?</p>".repeat(200)}`);

  it("holds brotli and gzip bodies that decode to the page", async () => {
    const cached = await precompressPage({ status: 200, headers: [], body: html, key: "/" });
    expect(cached.variants.identity.body.equals(html)).toBe(true);
    expect(zlib.brotliDecompressSync(cached.variants.br.body).equals(html)).toBe(true);
    expect(zlib.gunzipSync(cached.variants.gzip.body).equals(html)).toBe(true);
    expect(cached.variants.br.body.length).toBeLessThan(cached.variants.gzip.body.length);
  });

  it("gives each encoding its own strong ETag, the same for the same bytes anywhere", async () => {
    const one = await precompressPage({ status: 200, headers: [], body: html, key: "/" });
    const two = await precompressPage({ status: 200, headers: [], body: html, key: "/?x=1" });
    const tags = Object.values(one.variants).map((variant) => variant.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(two.variants.identity.etag).toBe(one.variants.identity.etag);
    const other = await precompressPage({
      status: 200,
      headers: [],
      body: Buffer.from("<p>Another page</p>"),
      key: "/",
    });
    expect(other.variants.identity.etag).not.toBe(one.variants.identity.etag);
  });
});
