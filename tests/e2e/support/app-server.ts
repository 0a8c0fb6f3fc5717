import { test } from "@playwright/test";
import { provisionDatabase, type AppDatabase, type DatabaseKind } from "./app-process";
import { nextClientIp } from "./auth-helpers";

/*
 * Talking to a test's own server (started by app-process.ts): a visitor with a cookie jar,
 * a reader of the live-update stream, and the timings a test reports.
 */
export {
  createOwner,
  databaseKinds,
  freePort,
  startAppServer,
  type AppDatabase,
  type AppServer,
} from "./app-process";

/**
 * A database of a describe's own, made in its beforeAll: the hook is given the time that the
 * database, the user CLI and a server take together, past a minute on two busy cores.
 */
export function provisionGroupDatabase(kind: DatabaseKind): Promise<AppDatabase> {
  test.setTimeout(180_000);
  return provisionDatabase(kind);
}

/**
 * A visitor of a test's own server: fetch with a cookie jar, its own client IP (the server
 * trusts X-Forwarded-For from loopback), the Origin header the CSRF checks want on writes,
 * and redirects left to the test.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    readonly ip = nextClientIp(),
  ) {}

  async fetch(
    pathname: string,
    init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    if (init.method && init.method !== "GET") headers.set("origin", this.origin);
    const answer = await fetch(`${this.origin}${pathname}`, {
      ...init,
      headers,
      redirect: "manual",
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }

  postForm(pathname: string, form: Record<string, string>): Promise<Response> {
    return this.fetch(pathname, { method: "POST", body: new URLSearchParams(form) });
  }

  async signIn(email: string, password: string): Promise<void> {
    const answer = await this.postForm("/auth", { intent: "sign-in", email, password });
    if (answer.status !== 302) {
      throw new Error(`Sign-in answered ${answer.status}: ${await answer.text()}`);
    }
  }
}

/**
 * An open /api/events stream, read as it arrives: its events so far, a wait for one that
 * matches, and whether (and when) the server ended it.
 */
export class EventStreamReader {
  readonly events: { event: string; data: string; at: number }[] = [];
  endedAt: number | undefined;
  private pending = "";
  private watchers = new Set<() => void>();

  private constructor(readonly response: Response) {}

  static async open(client: HttpClient): Promise<EventStreamReader> {
    const response = await client.fetch("/api/events", {
      headers: { accept: "text/event-stream" },
    });
    const reader = new EventStreamReader(response);
    if (response.status === 200) void reader.pump();
    return reader;
  }

  private async pump() {
    const decoder = new TextDecoder();
    const reader = this.response.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.pending += decoder.decode(value, { stream: true });
        let end = this.pending.indexOf("\n\n");
        while (end !== -1) {
          this.receive(this.pending.slice(0, end));
          this.pending = this.pending.slice(end + 2);
          end = this.pending.indexOf("\n\n");
        }
      }
    } catch {
      // Cut off: ended all the same.
    }
    this.endedAt = performance.now();
    this.notify();
  }

  private receive(block: string) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ event, data: data.join("\n"), at: performance.now() });
    this.notify();
  }

  private notify() {
    for (const watcher of this.watchers) watcher();
  }

  /**
   * Resolves with the first event that `matches`, among those received from number `from`
   * on (0: all of them) and those to come.
   */
  waitFor(
    matches: (event: { event: string; data: string }) => boolean,
    timeoutMs = 10_000,
    from = 0,
  ): Promise<{ event: string; data: string; at: number }> {
    return this.until(() => this.events.slice(from).find(matches), timeoutMs, "a matching event");
  }

  /** Resolves when the server has ended the stream. */
  waitForEnd(timeoutMs = 10_000): Promise<number> {
    return this.until(() => this.endedAt, timeoutMs, "the end of the stream");
  }

  private until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No ${what} within ${timeoutMs} ms (events: ${this.describe()})`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      this.watchers.add(check);
      check();
    });
  }

  private describe(): string {
    return this.events.map((event) => event.event).join(", ") || "none";
  }

  async close(): Promise<void> {
    await this.response.body?.cancel().catch(() => {});
  }
}

/** A measured figure, in the report (annotation) and the run's output. */
export function reportTiming(description: string): void {
  test.info().annotations.push({ type: "timing", description });
  console.log(`[timing] ${test.info().title}: ${description}`);
}
