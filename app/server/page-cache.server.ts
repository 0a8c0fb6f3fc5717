export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce inside body, replaced per response. */
  nonce: string;
  storedAt: number;
}

/**
 * Rendered public pages by URL. Public pages depend only on built-in content and
 * published reviews, so the whole cache is dropped when reviews change.
 */
export class PageCache {
  private pages = new Map<string, CachedPage>();
  private generation = 0;

  constructor(private readonly maxEntries = 500) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  /** Returns a token that must be handed back to `set`, so a render that raced a clear is not stored. */
  begin(): number {
    return this.generation;
  }

  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.pages.set(key, page);
    if (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}
