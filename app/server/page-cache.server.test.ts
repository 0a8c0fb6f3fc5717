import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./page-cache.server";

const page = (body: string): CachedPage => ({
  status: 200,
  headers: [["content-type", "text/html"]],
  body: Buffer.from(body),
  nonce: "",
  storedAt: Date.now(),
});

describe("PageCache", () => {
  it("returns what was stored for a key", () => {
    const cache = new PageCache();
    cache.set("/", page("home"), cache.begin());
    expect(cache.get("/")?.body.toString()).toBe("home");
    expect(cache.get("/about")).toBeUndefined();
  });

  it("drops everything on clear", () => {
    const cache = new PageCache();
    cache.set("/", page("home"), cache.begin());
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
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
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });
});
