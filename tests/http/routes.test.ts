import crypto from "node:crypto";
import zlib from "node:zlib";
import {
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
} from "@playwright/test";
import { describe, expect, test } from "./support/http-test";
import { rawRequest } from "../helpers/raw-http";
import { publicPagePaths } from "../../app/content/public-pages";
import { serviceAreas } from "../../app/content/service-areas";
import { services } from "../../app/content/services";
import { cityPath } from "../../app/lib/site/area-paths";
import { introVariant } from "../../app/lib/site/city-page";
import { E2E_OWNER } from "../../playwright.config";

function headTag(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) =>
      JSON.parse(match[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")),
  );
}

async function html(response: APIResponse) {
  expect(response.headers()["content-type"]).toContain("text/html");
  return response.text();
}

describe("every public page", () => {
  for (const path of publicPagePaths()) {
    test(`${path} renders with title, canonical URL and JSON-LD`, async ({ request, baseURL }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toMatch(/^public/);
      const body = await html(response);
      const title = headTag(body, /<title>([^<]+)<\/title>/);
      expect(title?.length).toBeGreaterThan(10);
      expect(headTag(body, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(
        40,
      );
      expect(headTag(body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL}${path}`);
      expect(headTag(body, /<meta property="og:image" content="([^"]+)"/)).toBe(
        `${baseURL}/og-image.png`,
      );
      const jsonLd = jsonLdBlocks(body);
      expect(jsonLd.length).toBeGreaterThan(0);
      expect(jsonLd.some((block) => block["@type"] === "Locksmith")).toBe(true);
      if (path.split("/").filter(Boolean).length > 1) {
        expect(jsonLd.some((block) => block["@type"] === "BreadcrumbList")).toBe(true);
      }
      expect(body).not.toContain('name="robots" content="noindex"');
    });
  }
});

test("service pages carry Service structured data", async ({ request }) => {
  for (const service of services) {
    const body = await (await request.get(`/services/${service.slug}`)).text();
    const types = jsonLdBlocks(body).map((block) => block["@type"]);
    expect(types, service.slug).toContain("Service");
  }
});

test("the og image is a real 1200x630 PNG", async ({ request }) => {
  const response = await request.get("/og-image.png");
  expect(response.status()).toBe(200);
  const png = await response.body();
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);
});

describe("not found", () => {
  test("an unknown route is a 404 Page Not Found, noindex", async ({ request }) => {
    const response = await request.get("/no-such-page/really");
    expect(response.status()).toBe(404);
    const body = await response.text();
    expect(body).toContain("Page Not Found");
    expect(body).toContain("Return to Home");
    expect(body).toContain('name="robots" content="noindex"');
  });

  test("an unknown service is a 404", async ({ request }) => {
    expect((await request.get("/services/teleportation")).status()).toBe(404);
  });

  test("an unknown city is a 404 City Not Found, noindex", async ({ request }) => {
    const response = await request.get("/service-areas/atlantis-locksmith");
    expect(response.status()).toBe(404);
    const body = (await response.text()).replace(/&#x27;|&#39;/g, "'");
    expect(body).toContain("City Not Found");
    expect(body).toContain(
      "We couldn't find that city. Check out our service areas to find locksmith services near you.",
    );
    expect(body).toContain('href="/service-areas"');
    expect(body).toContain('name="robots" content="noindex"');
  });

  test("a city page without a city says City not found", async ({ request }) => {
    const response = await request.get("/service-areas/-locksmith");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("City not found");
  });
});

describe("city page rules", () => {
  test("the address without -locksmith redirects permanently", async ({ request }) => {
    const response = await request.get("/service-areas/oak-lawn", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/service-areas/oak-lawn-locksmith");
  });

  test("Chicago neighbourhoods promise 10-15 minutes, suburbs 15-20", async ({ request }) => {
    const chicago = serviceAreas.find((area) => area.region === "Chicago")!;
    const suburb = serviceAreas.find((area) => area.region === "South Suburbs")!;
    expect(await (await request.get(cityPath(chicago.slug))).text()).toContain("10-15 minutes");
    const suburbBody = await (await request.get(cityPath(suburb.slug))).text();
    expect(suburbBody).toContain("15-20 minutes");
    expect(suburbBody).not.toContain("10-15 minutes");
  });

  test("the keywords tag holds the city's first 10 keywords", async ({ request }) => {
    const body = await (await request.get("/service-areas/tinley-park-locksmith")).text();
    const keywords = headTag(body, /<meta name="keywords" content="([^"]+)"/)!.split(", ");
    expect(keywords).toHaveLength(10);
    expect(keywords[0]).toContain("Tinley Park");
  });

  test("the intro variant follows the character-code rule", async ({ request }) => {
    // Two cities with different variants must get different intros.
    const byVariant = new Map<number, string>();
    for (const area of serviceAreas) byVariant.set(introVariant(area.name), area.slug);
    expect(byVariant.size).toBe(4);
    const intros = new Set<string>();
    for (const slug of byVariant.values()) {
      const body = await (await request.get(cityPath(slug))).text();
      intros.add(body.match(/<h1[^>]*>[\s\S]*?<\/h1><p[^>]*>([^<]+)<\/p>/)?.[1] ?? "");
    }
    expect(intros.size).toBe(4);
  });

  test("nearby links are up to 8 areas of the same region, never itself", async ({ request }) => {
    const area = serviceAreas.find((candidate) => candidate.slug === "oak-lawn")!;
    const body = await (await request.get(cityPath(area.slug))).text();
    const section = body.split(`Also Serving Near ${area.name}`)[1]!.split("</section>")[0]!;
    const links = [...section.matchAll(/href="\/service-areas\/([^"]+)-locksmith"/g)].map(
      (m) => m[1],
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(8);
    expect(links).not.toContain(area.slug);
    for (const slug of links) {
      expect(serviceAreas.find((candidate) => candidate.slug === slug)?.region).toBe(area.region);
    }
  });

  test("a city page shows published reviews and FAQ structured data", async ({ request }) => {
    const body = await (await request.get("/service-areas/oak-lawn-locksmith")).text();
    expect(body).toContain("What Our Customers Say");
    expect(body).toContain("Oak Lawn, IL");
    const types = jsonLdBlocks(body).map((block) => block["@type"]);
    expect(types).toContain("FAQPage");
  });
});

describe("seo files", () => {
  test("the sitemap lists every public page, area and service", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const area of serviceAreas) expect(locs).toContain(`${baseURL}${cityPath(area.slug)}`);
    for (const service of services) expect(locs).toContain(`${baseURL}/services/${service.slug}`);
    expect(locs).toContain(`${baseURL}/`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  test("robots.txt keeps crawlers out of /admin and /auth and names the sitemap", async ({
    request,
    baseURL,
  }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /auth");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

describe("health", () => {
  test("/healthz and /readyz answer", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect((await ready.json()).database.ok).toBe(true);
  });
});

test("the live-update stream refuses anyone not signed in", async ({ request }) => {
  const response = await request.get("/api/events");
  expect(response.status()).toBe(401);
});

/** Runs `use` with a client signed in as the owner: the file's shared client stays signed out. */
async function asOwner(baseURL: string, run: (owner: APIRequestContext) => Promise<void>) {
  const owner = await playwrightRequest.newContext({ baseURL });
  try {
    const signIn = await owner.post("/auth", {
      form: { intent: "sign-in", email: E2E_OWNER.email, password: E2E_OWNER.password },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    await run(owner);
  } finally {
    await owner.dispose();
  }
}

test("a page asks why its stream was refused, and no stream opens", async ({
  request,
  baseURL,
}) => {
  expect((await request.get("/api/events?check")).status()).toBe(401);
  await asOwner(baseURL, async (owner) => {
    const allowed = await owner.get("/api/events?check");
    expect(allowed.status()).toBe(204);
    expect(allowed.headers()["cache-control"]).toBe("no-store");
    expect(await allowed.body()).toHaveLength(0);
  });
});

test("a phone gets ten rows of a list a page, a computer twenty-five", async ({ baseURL }) => {
  const PHONE = { "Sec-CH-UA-Mobile": "?1" };
  const rowsAndPager = async (response: APIResponse) => {
    const body = await html(response);
    return {
      cards: body.match(/<li class="\[contain-intrinsic-size/g)?.length ?? 0,
      pager: body
        .match(/(\d+)–(\d+) of [\d,+]+/)
        ?.slice(1, 3)
        .map(Number),
    };
  };
  await asOwner(baseURL, async (owner) => {
    for (const path of ["/admin/leads", "/admin/jobs", "/admin/locksmiths", "/admin/messages"]) {
      expect(await rowsAndPager(await owner.get(path, { headers: PHONE })), path).toEqual({
        cards: 10,
        pager: [1, 10],
      });
      expect(
        await rowsAndPager(await owner.get(`${path}?page=2`, { headers: PHONE })),
        path,
      ).toMatchObject({ pager: [11, 20] });
      expect((await rowsAndPager(await owner.get(path))).pager, path).toEqual([1, 25]);
    }
  });
});

describe("headers", () => {
  test("a public page is the same bytes and ETag every time, with a CSP by hash", async ({
    request,
  }) => {
    const first = await request.get("/about");
    const second = await request.get("/about");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(second.headers()["etag"]).toBe(first.headers()["etag"]);
    expect((await second.body()).equals(await first.body())).toBe(true);

    const csp = second.headers()["content-security-policy"]!;
    expect(csp).toBe(first.headers()["content-security-policy"]);
    expect(csp).not.toContain("'nonce-");
    const body = await second.text();
    expect(body).not.toContain("nonce=");
    // The one inline script is allowed by its hash, byte for byte.
    const rules = body.match(/<script type="speculationrules">([^<]+)<\/script>/)?.[1];
    expect(rules).toBeTruthy();
    const hash = crypto.createHash("sha256").update(rules!).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers()["x-content-type-options"]).toBe("nosniff");
    expect(second.headers()["referrer-policy"]).toBeTruthy();
  });

  test("browsers revalidate every load; a CDN may keep the page", async ({ request }) => {
    const response = await request.get("/services");
    const headers = response.headers();
    expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate, s-maxage=300");
    expect(headers["cdn-cache-control"]).toContain("stale-while-revalidate=");
    expect(headers["vary"]).toBe("Accept-Encoding");
    expect(headers["etag"]).toMatch(/^"[\w-]+"$/);
  });

  for (const encoding of ["br", "gzip", "identity"] as const) {
    test(`${encoding}: its own ETag, 304 when it still matches, HEAD without a body`, async ({
      baseURL,
    }) => {
      const url = `${baseURL}/service-areas/oak-lawn-locksmith`;
      const get = await rawRequest(url, {
        method: "GET",
        headers: { "accept-encoding": encoding },
      });
      const again = await rawRequest(url, {
        method: "GET",
        headers: { "accept-encoding": encoding },
      });
      expect(get.status).toBe(200);
      expect(get.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(again.headers["x-page-cache"]).toBe("hit");
      expect(again.body.equals(get.body)).toBe(true);
      expect(again.headers.etag).toBe(get.headers.etag);
      expect(Number(get.headers["content-length"])).toBe(get.body.length);

      const conditional = await rawRequest(url, {
        method: "GET",
        headers: {
          "accept-encoding": encoding,
          "if-none-match": String(get.headers.etag),
        },
      });
      expect(conditional.status).toBe(304);
      expect(conditional.body.length).toBe(0);
      expect(conditional.headers.etag).toBe(get.headers.etag);
      expect(conditional.headers["cache-control"]).toBe(get.headers["cache-control"]);

      const stale = await rawRequest(url, {
        method: "GET",
        headers: {
          "accept-encoding": encoding,
          "if-none-match": '"not-this-page"',
        },
      });
      expect(stale.status).toBe(200);
      expect(stale.body.equals(get.body)).toBe(true);

      const head = await rawRequest(url, {
        method: "HEAD",
        headers: { "accept-encoding": encoding },
      });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      expect(head.headers.etag).toBe(get.headers.etag);
    });
  }

  test("the three encodings are the same page", async ({ baseURL }) => {
    const url = `${baseURL}/services/emergency`;
    const identity = await rawRequest(url, {
      method: "GET",
      headers: { "accept-encoding": "identity" },
    });
    const gzip = await rawRequest(url, { method: "GET", headers: { "accept-encoding": "gzip" } });
    const br = await rawRequest(url, {
      method: "GET",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(new Set([identity.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
  });

  test("a back-office page gets a fresh CSP nonce on every response", async ({ request }) => {
    const first = await request.get("/auth");
    const second = await request.get("/auth");
    const nonceOf = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1];
    const firstNonce = nonceOf(first.headers()["content-security-policy"]!);
    const secondNonce = nonceOf(second.headers()["content-security-policy"]!);
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.headers()["x-page-cache"]).toBeUndefined();
    expect(second.headers()["etag"]).toBeUndefined();
    expect(await second.text()).toContain(`nonce="${secondNonce}"`);
  });
});
