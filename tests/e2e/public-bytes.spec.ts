import zlib from "node:zlib";
import { expect, test, type Page } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { customerPagePath, dispatchNewLead } from "./support/dispatch-helpers";
import { collectPageErrors, gotoPublicPage } from "./support/site";

// The customer's texts (their page's link, the approval code) reach their phone only: staff
// never see them (issue 44), so this file's server texts through a fake Twilio.
test.use({ texting: true });

/*
 * Public pages as fixed bytes (docs/decisions/0018): what a browser actually loads and how
 * it keeps a page. The review that shows on the next load is in reviews.spec.ts.
 */

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/services/emergency",
  "/service-areas",
  "/service-areas/chicago-60615-hyde-park-locksmith",
  "/request",
  "/about",
  "/no-such-page",
];

/** The scripts a page loads, with their text. */
async function scriptsLoaded(page: Page, path: string): Promise<{ url: string; text: string }[]> {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
    }
  });
  await gotoPublicPage(page, path);
  await page.waitForLoadState("load");
  return Promise.all(scripts);
}

// What React and React Router bring wherever they load.
const REACT_MARKS = ["react.transitional.element", "__reactRouterContext", "react-dom"];

for (const path of PUBLIC_PAGES) {
  test(`${path} loads no React: islands only, each a few kB at most`, async ({ page }) => {
    const scripts = await scriptsLoaded(page, path);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(new URL(script.url).pathname).toMatch(/^\/assets\/[\w-]+\.js$/);
      expect(script.url).not.toMatch(/entry\.client|\/root-/);
      for (const mark of REACT_MARKS) expect(script.text, script.url).not.toContain(mark);
    }
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // No inline script runs: only the JSON data blocks and the speculation rules are inline.
    const inlineTypes = await page
      .locator("script:not([src])")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("type")));
    for (const type of inlineTypes) {
      expect(["application/ld+json", "speculationrules"]).toContain(type);
    }
  });
}

test("the back office still runs React (the check above can tell)", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await gotoHydrated(page, "/auth");
  expect(scripts.some((url) => /entry\.client/.test(url))).toBe(true);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
});

test("Speculation Rules prefetch a page when the pointer rests on its link", async ({ page }) => {
  const errors = collectPageErrors(page);
  await gotoPublicPage(page, "/");
  expect(await page.evaluate(() => HTMLScriptElement.supports("speculationrules"))).toBe(true);
  const rules = JSON.parse(
    (await page.locator('script[type="speculationrules"]').textContent()) ?? "",
  ) as { prefetch: { eagerness: string }[] };
  expect(rules.prefetch[0]?.eagerness).toBe("moderate");

  // Prefetches are made by the browser for the next page, outside this page's requests:
  // the server sees them, marked Sec-Purpose: prefetch.
  const prefetched = page
    .waitForRequest(
      (request) =>
        request.url().endsWith("/about") && /prefetch/.test(request.headers()["sec-purpose"] ?? ""),
      { timeout: 10_000 },
    )
    .catch(() => null);
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).hover();
  const request = await prefetched;
  const navigation = page.waitForURL(/\/about$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await navigation;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The CSP lets the inline rules run: a refused inline script would be logged as an error.
  expect(errors, errors.join("\n")).toEqual([]);
  expect(request, "a prefetch of /about on hover").not.toBeNull();
});

test("the browser revalidates a page it has and gets 304 while it has not changed", async ({
  page,
}) => {
  // Chromium's own record of the wire (Playwright shows a revalidated page as the 200 it
  // keeps): the status the server sent, and the request's If-None-Match.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const documentIds: string[] = [];
  const wire = new Map<string, { status: number; conditional: boolean }>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Document") documentIds.push(event.requestId);
  });
  cdp.on("Network.requestWillBeSentExtraInfo", (event) => {
    const entry = wire.get(event.requestId) ?? { status: 0, conditional: false };
    entry.conditional = "if-none-match" in lowerCased(event.headers);
    wire.set(event.requestId, entry);
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    const entry = wire.get(event.requestId) ?? { status: 0, conditional: false };
    entry.status = event.statusCode;
    wire.set(event.requestId, entry);
  });
  const documents = () => documentIds.map((id) => wire.get(id));
  await gotoPublicPage(page, "/services");
  await gotoPublicPage(page, "/about");
  // Back to a page the browser holds: it asks again (max-age=0) and is told it is current.
  await gotoPublicPage(page, "/services");
  await expect.poll(() => documents().filter((document) => document?.status).length).toBe(3);
  expect(documents()).toEqual([
    { status: 200, conditional: false },
    { status: 200, conditional: false },
    { status: 304, conditional: true },
  ]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Locksmith Services");
});

/*
 * The customer's page /t/:token (issue 29: a public page, at most 5 kB of JavaScript): what a
 * phone downloads for it, each response gzipped at zlib's default level as the compression
 * middleware sends it. It renders with no JavaScript at all (decision 0031); the only script
 * is the island that keeps it current (decision 0056), a few hundred bytes.
 */
test("the customer's page /t/:token loads at most 5 kB of JavaScript (its live island only)", async ({
  browser,
  office,
  phones,
}) => {
  test.slow();
  const { customerDigits } = await dispatchNewLead(office.page, { textConsent: true });
  const path = await customerPagePath(phones, customerDigits);
  const phone = await newClient(browser, { viewport: MOBILE });
  const loaded: Promise<{ type: string; url: string; gzip: number }>[] = [];
  phone.page.on("response", (response) => {
    const type = response.request().resourceType();
    if (!["script", "stylesheet", "document"].includes(type)) return;
    loaded.push(
      response
        .body()
        .then((body) => ({ type, url: response.url(), gzip: zlib.gzipSync(body).length }))
        // A script whose bytes cannot be read counts as over the budget, never as none.
        .catch(() => ({ type, url: response.url(), gzip: type === "script" ? Infinity : NaN })),
    );
  });
  await phone.page.goto(path);
  await phone.page.waitForLoadState("load");
  await expect(phone.page.getByRole("heading", { level: 1 })).toBeVisible();
  const responses = await Promise.all(loaded);
  const bytes = (type: string) =>
    responses.filter((r) => r.type === type).reduce((sum, r) => sum + r.gzip, 0);
  const scripts = responses.filter((r) => r.type === "script");
  console.log(
    `[bytes] /t/:token: JS ${scripts.length} files ${bytes("script")} B gz, CSS ${responses.filter((r) => r.type === "stylesheet").length} files ${bytes("stylesheet")} B gz, HTML ${bytes("document")} B gz`,
  );
  expect(bytes("script"), scripts.map((r) => r.url).join(", ")).toBeLessThanOrEqual(5_000);
  for (const script of scripts) {
    expect(new URL(script.url).pathname).toMatch(
      /^\/assets\/(island-visit-live|attach)-[\w-]+\.js$/,
    );
  }
  await phone.context.close();
  await office.context.close();
});

function lowerCased(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}
