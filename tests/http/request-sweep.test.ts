import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  freshAddress,
  rawExchange,
  rowChanges,
  startCountedServer,
  type CountedServer,
  type RowSnapshot,
} from "./support/counted-server";
import { routeTable } from "./support/route-table";

/*
 * The request sweep (issue 31): every route of the table that takes a POST, and every route
 * that answers a GET, sent what a careless or hostile client sends. Each answer is a 4xx with
 * a sentence (or a redirect), never a 5xx, and the whole sweep writes no database row beyond
 * the per-address counters. A new route is swept by itself: the list comes from app/routes.ts.
 */

const MADE_UP_TOKEN = crypto.randomBytes(32).toString("base64url");
/** better-auth's own endpoints that take a POST, for its `api/auth/*` route. */
const AUTH_ENDPOINTS = [
  "sign-in/email",
  "sign-up/email",
  "sign-out",
  "change-password",
  "two-factor/verify-totp",
  "two-factor/verify-backup-code",
];

/** Real addresses for a route path: made-up tokens and ids, an unknown splat. */
function concrete(routePath: string): string[] {
  if (routePath === "/api/auth/*") return AUTH_ENDPOINTS.map((endpoint) => `/api/auth/${endpoint}`);
  return [
    routePath
      .replace(":token", MADE_UP_TOKEN)
      .replace(/:(id|locksmithId)\b/g, crypto.randomUUID())
      .replace(":service", "lockout")
      .replace(":citySlug", "no-such-city")
      .replace("*", "no-such-page"),
  ];
}

const swept = routeTable;
const postPaths = swept.filter((route) => route.takesPost).flatMap((route) => concrete(route.path));
const getPaths = swept.flatMap((route) =>
  concrete(route.path).map((target) => ({ target, isPage: route.isPage })),
);

const LONG = "x".repeat(10_000);
const FIELDS = [
  "intent",
  "email",
  "password",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "name",
  "phone",
  "address",
  "zip",
  "service",
  "notes",
  "message",
  "code",
  "rating",
  "text",
  "redirectTo",
  "id",
  "amount",
  "date",
];

interface Variant {
  name: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const BOUNDARY = "----sweep";
const POST_VARIANTS: Variant[] = [
  { name: "no body", headers: {} },
  {
    name: "empty form",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
  },
  {
    name: "empty multipart",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: "",
  },
  {
    name: "multipart without boundary",
    headers: { "content-type": "multipart/form-data" },
    body: "",
  },
  { name: "empty JSON", headers: { "content-type": "application/json" }, body: "" },
  { name: "empty text", headers: { "content-type": "text/plain" }, body: "" },
  { name: "wrong type", headers: { "content-type": "application/xml" }, body: "<a>1</a>" },
  {
    name: "malformed percent-encoding and UTF-8",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: Buffer.concat([
      Buffer.from("intent=%E0%A4%A&email=%ZZ&name="),
      Buffer.from([0xff, 0xfe, 0xc3]),
    ]),
  },
  {
    name: "malformed multipart",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx`,
  },
  { name: "malformed JSON", headers: { "content-type": "application/json" }, body: '{"email":' },
  {
    name: "a NUL in a field",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "intent=a%00b&email=a%00@example.com",
  },
  {
    name: "a NUL in JSON",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "a\u0000@example.com", password: "p" }),
  },
  {
    name: "10,000-character fields",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(FIELDS.map((field) => [field, LONG])).toString(),
  },
  {
    name: "10,000-character JSON fields",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, LONG]))),
  },
];

const ODD_QUERIES = [
  `q=${LONG}`,
  "page=0x10&pageSize=-1",
  "page=1e309&sort=__proto__&dir=constructor",
  "status[]=a&status[]=b&from=2099-13-45&to=yesterday",
  "q=%E0%A4%A&search=%ZZ",
  "redirectTo=//evil.example&done=toString&tab=<script>",
  "token=&id=not-a-uuid&_data=routes/root",
];

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** A 4xx says in words what was wrong: a sentence as text, as JSON `message`, or on the page. */
function saysWhy(answer: Answer): boolean {
  let text = answer.body;
  if (answer.contentType.includes("json")) {
    try {
      // better-auth's own messages are short phrases ("Invalid email"): words will do.
      const parsed = JSON.parse(answer.body) as { message?: unknown } | string;
      const message = typeof parsed === "string" ? parsed : String(parsed.message ?? "");
      return /\S+ \S+/.test(message);
    } catch {
      return false;
    }
  } else if (answer.contentType.includes("html")) {
    text = answer.body.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
  }
  return /[A-Z][^.!?]{3,}[.!?]/.test(text);
}

function problem(answer: Answer): string | null {
  if (answer.status >= 500 || answer.status < 200) return `answered ${answer.status}`;
  if (answer.status >= 400 && !saysWhy(answer)) return `${answer.status} without a sentence`;
  return null;
}

describe("the request sweep", () => {
  let server: CountedServer;
  let before: RowSnapshot;

  beforeAll(async () => {
    server = await startCountedServer();
    before = await server.snapshot();
  }, 180_000);
  afterAll(() => server?.dispose());

  const send = async (
    target: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body?: string | Buffer;
      cookie?: string;
    },
  ): Promise<Answer> => {
    const origin = server.origin();
    const answer = await fetch(`${origin}${target}`, {
      method: init.method,
      redirect: "manual",
      headers: {
        origin,
        "x-forwarded-for": freshAddress(),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : new Uint8Array(Buffer.from(init.body)),
      signal: AbortSignal.timeout(20_000),
    }).catch((error: unknown) => {
      throw new Error(`${init.method} ${target.slice(0, 80)}: ${String(error)}`);
    });
    const contentType = answer.headers.get("content-type") ?? "";
    // The live-update stream never ends: its status is the answer.
    if (contentType.startsWith("text/event-stream")) {
      await answer.body?.cancel();
      return { status: answer.status, contentType, body: "" };
    }
    return { status: answer.status, contentType, body: await answer.text() };
  };

  test("the table has the routes this sweep is about", () => {
    expect(postPaths).toContain(`/j/${MADE_UP_TOKEN}`);
    expect(postPaths).toContain(`/review/${MADE_UP_TOKEN}`);
    expect(postPaths).toContain(`/auth/reset/${MADE_UP_TOKEN}`);
    expect(postPaths).toContain("/request");
    expect(postPaths).toContain("/auth");
    expect(postPaths.length).toBeGreaterThan(20);
  });

  for (const who of ["anonymous", "the owner"] as const) {
    test(`every POST route, as ${who}: a 4xx with a sentence or a redirect, never a 5xx`, async () => {
      const cookie = who === "the owner" ? server.ownerCookie : undefined;
      const failures: string[] = [];
      // Signing out would end the owner's session for the rest of the sweep.
      for (const target of postPaths.filter((path) => !cookie || !path.endsWith("sign-out"))) {
        for (const variant of POST_VARIANTS) {
          const answer = await send(target, { method: "POST", cookie, ...variant });
          const wrong = problem(answer);
          if (wrong) failures.push(`POST ${target.slice(0, 60)} (${variant.name}): ${wrong}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  test("a huge declared length is refused before its body is read", async () => {
    const failures: string[] = [];
    for (const target of postPaths) {
      const answer = await rawExchange(
        server.origin(),
        [
          `POST ${target} HTTP/1.1`,
          `Host: ${new URL(server.origin()).host}`,
          `Origin: ${server.origin()}`,
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 9999999999",
          "",
          "",
        ].join("\r\n"),
        "intent=x",
      );
      if (answer.status !== 413 || !/[A-Z][^.]{3,}\./.test(answer.body)) {
        failures.push(`POST ${target}: ${answer.status} ${answer.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  for (const who of ["anonymous", "the owner"] as const) {
    test(`every GET route with odd query strings, as ${who}: never a 5xx`, async () => {
      const cookie = who === "the owner" ? server.ownerCookie : undefined;
      // React Router's data requests (`.data`) go through the same loaders as the pages.
      const addresses = getPaths.flatMap(({ target, isPage }) =>
        ODD_QUERIES.flatMap((query) => [
          `${target}?${query}`,
          ...(isPage ? [`${target === "/" ? "/_root" : target}.data?${query}`] : []),
        ]),
      );
      const failures: string[] = [];
      await inParallel(addresses, 4, async (address) => {
        const wrong = await send(address, { method: "GET", headers: {}, cookie }).then(
          problem,
          (error: Error) => error.message,
        );
        if (wrong) failures.push(`GET ${address.slice(0, 80)}: ${wrong}`);
      });
      expect(failures).toEqual([]);
    }, 300_000);
  }

  test("the sweep wrote no row: made-up links and refused requests cost nothing stored", async () => {
    const after = await server.snapshot();
    const changes = rowChanges(before, after);
    // Only the per-address counters (better-auth's sign-in and sign-up, forgot password, the
    // request form) may have moved: one row per address and kind, never per link.
    expect(Object.keys(changes.tables).filter((table) => table !== "rate_limits")).toEqual([]);
    expect(
      changes.newRateLimitKeys.filter((key) => !/^(auth:|forgot:|request:)/.test(key)),
    ).toEqual([]);
  }, 120_000);
});
