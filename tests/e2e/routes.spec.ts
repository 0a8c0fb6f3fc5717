import { expect, test, type APIResponse } from "./support/test";
import { publicPagePaths } from "../../app/content/public-pages";
import { serviceAreas } from "../../app/content/service-areas";
import { services } from "../../app/content/services";
import { cityPath } from "../../app/lib/area-paths";
import { introVariant } from "../../app/lib/city-page";

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

test.describe("every public page", () => {
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

test.describe("not found", () => {
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

test.describe("city page rules", () => {
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

test.describe("seo files", () => {
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

test.describe("health", () => {
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

test.describe("headers", () => {
  test("pages carry a CSP with a fresh nonce on every response, cached or not", async ({
    request,
  }) => {
    const first = await request.get("/about");
    const second = await request.get("/about");
    const nonceOf = (csp: string) => csp.match(/'nonce-([^']+)'/)?.[1];
    const firstNonce = nonceOf(first.headers()["content-security-policy"]!);
    const secondNonce = nonceOf(second.headers()["content-security-policy"]!);
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.headers()["x-page-cache"]).toBe("hit");
    const body = await second.text();
    expect(body).toContain(`nonce="${secondNonce}"`);
    expect(body).not.toContain(`nonce="${firstNonce}"`);
    expect(first.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBeTruthy();
  });
});
