import { expect, test, type Page } from "./support/test";
import { serviceAreas } from "../../app/content/service-areas";
import {
  areaColumn,
  collectPageErrors,
  columnCount,
  gotoPublicPage,
  PHONE_DISPLAY,
  revealEverything,
  SMS_HREF,
  TEL_HREF,
  waitForIslands,
} from "./support/site";
import { DESKTOP, MOBILE } from "./support/browser";

test.use({ viewport: DESKTOP });

const CITY_PATH = /\/service-areas\/([a-z0-9-]+)-locksmith$/;

function homeSearchBox(page: Page) {
  return page.getByRole("combobox", { name: "City, neighborhood or ZIP code" });
}

function findButton(page: Page) {
  return page.getByRole("search", { name: "Find your area" }).getByRole("button", { name: "Find" });
}

function areasSearchBox(page: Page) {
  return page.getByRole("combobox", { name: "Search service areas" });
}

/** The live results under the Service Areas filter (the three columns or the empty state). */
function areaResults(page: Page) {
  return page.locator('main [aria-live="polite"]');
}

test.describe("home area search", () => {
  test.beforeEach(async ({ page }) => {
    await gotoPublicPage(page, "/");
    // Hydrated with an empty box: Find is disabled because nothing matches yet.
    await expect(findButton(page)).toBeDisabled();
  });

  test('typing "oak" suggests Oak Forest and Oak Lawn', async ({ page }) => {
    await homeSearchBox(page).fill("oak");
    const options = page.getByRole("option");
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText("Oak Forest, IL");
    await expect(options.nth(1)).toContainText("Oak Lawn, IL");
    await expect(homeSearchBox(page)).toHaveAttribute("aria-expanded", "true");
    await expect(findButton(page)).toBeEnabled();
  });

  for (const query of ["park", "6"]) {
    test(`a broad query (${JSON.stringify(query)}) shows at most 5 suggestions`, async ({
      page,
    }) => {
      await homeSearchBox(page).fill(query);
      // Both queries match many more than 5 areas (11 and all 79).
      await expect(page.getByRole("option")).toHaveCount(5);
    });
  }

  test("a query matching nothing disables Find and offers a call link", async ({ page }) => {
    await homeSearchBox(page).fill("zzzz");
    await expect(page.getByRole("option")).toHaveCount(0);
    await expect(findButton(page)).toBeDisabled();
    const noMatch = page.getByText("No areas found. Need help?");
    await expect(noMatch).toBeVisible();
    const call = noMatch.getByRole("link", { name: `Call ${PHONE_DISPLAY}` });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", TEL_HREF);
  });

  test("clicking a suggestion opens that city page; back, the box is empty", async ({ page }) => {
    await homeSearchBox(page).fill("oak");
    await page.getByRole("option", { name: /Oak Lawn, IL/ }).click();
    await expect(page).toHaveURL(/\/service-areas\/oak-lawn-locksmith$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oak Lawn");

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(homeSearchBox(page)).toHaveValue("");
    await expect(page.getByRole("option")).toHaveCount(0);
  });

  test("ArrowDown + Enter chooses the highlighted suggestion", async ({ page }) => {
    const box = homeSearchBox(page);
    await box.fill("oak");
    await expect(page.getByRole("option")).toHaveCount(2);
    await box.press("ArrowDown");
    await expect(page.getByRole("option", { name: /Oak Forest, IL/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await box.press("Enter");
    await expect(page).toHaveURL(/\/service-areas\/oak-forest-locksmith$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oak Forest");

    await page.goBack();
    await expect(homeSearchBox(page)).toHaveValue("");
  });

  test("Find goes to the first match", async ({ page }) => {
    await homeSearchBox(page).fill("oak");
    await expect(page.getByRole("option").first()).toContainText("Oak Forest, IL");
    await findButton(page).click();
    await expect(page).toHaveURL(/\/service-areas\/oak-forest-locksmith$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oak Forest");
  });
});

test.describe("service areas filter", () => {
  const TOTAL = serviceAreas.length;

  test.beforeEach(async ({ page }) => {
    await gotoPublicPage(page, "/service-areas");
  });

  test("all 79 areas are listed in three counted columns", async ({ page }) => {
    expect(TOTAL).toBe(79);
    const chicago = areaColumn(page, "Chicago");
    const south = areaColumn(page, "South Suburbs");
    const southwest = areaColumn(page, "Southwest Suburbs");
    await expect(chicago.heading).toHaveText(/Chicago\s*\(30\)/);
    await expect(south.heading).toHaveText(/South Suburbs\s*\(25\)/);
    await expect(southwest.heading).toHaveText(/Southwest Suburbs\s*\(24\)/);
    await expect(chicago.column.getByRole("link")).toHaveCount(30);
    await expect(areaResults(page).getByRole("link")).toHaveCount(TOTAL);
  });

  test("what was typed before the filter's script arrived filters once it does", async ({
    page,
  }) => {
    // A slow phone: the page is there, its filter script is not yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/island-area-filter-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not "load": that waits for the held script.
    await page.goto("/service-areas", { waitUntil: "commit" });
    await areasSearchBox(page).fill("tinley");
    release();
    await waitForIslands(page);
    await expect(areaResults(page).getByRole("link")).toHaveCount(1);
    await expect(areaColumn(page, "Southwest Suburbs").heading).toHaveText(/\(1\)/);
  });

  test("typing filters the columns live and the counts follow", async ({ page }) => {
    const chicago = areaColumn(page, "Chicago");
    const south = areaColumn(page, "South Suburbs");
    const southwest = areaColumn(page, "Southwest Suburbs");
    await expect(chicago.heading).toHaveText(/\(30\)/);

    await areasSearchBox(page).fill("park");
    // "park": Brighton/Hyde/Morgan Park; Park Forest, Richton, University Park; 5 Southwest.
    await expect(chicago.heading).toHaveText(/Chicago\s*\(3\)/);
    await expect(south.heading).toHaveText(/South Suburbs\s*\(3\)/);
    await expect(southwest.heading).toHaveText(/Southwest Suburbs\s*\(5\)/);
    for (const { heading, column } of [chicago, south, southwest]) {
      await expect(column.getByRole("link")).toHaveCount(await columnCount(heading));
    }
    await expect(chicago.column.getByRole("link", { name: "Hyde Park" })).toHaveAttribute(
      "href",
      "/service-areas/chicago-60615-hyde-park-locksmith",
    );
    await expect(areaResults(page).getByRole("link", { name: "Oak Lawn" })).toHaveCount(0);
  });

  test("the dropdown shows at most 8 options", async ({ page }) => {
    await areasSearchBox(page).fill("chicago");
    // 32 areas match "chicago"; the page lists them all, the dropdown only 8.
    await expect(areaResults(page).getByRole("link")).toHaveCount(32);
    await expect(page.getByRole("listbox", { name: "Matching service areas" })).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(8);
  });

  test("a query matching nothing says so once: in the dropdown, then on the page", async ({
    page,
  }) => {
    const box = areasSearchBox(page);
    await box.fill("xyz");
    await expect(page.getByRole("option")).toHaveCount(0);

    const dropdownTitle = page.getByText('No service areas found for "xyz"', { exact: true });
    await expect(dropdownTitle).toBeVisible();
    const dropdown = dropdownTitle.locator("xpath=..");
    await expect(dropdown).toContainText(
      "We may still be able to help! Call us to check if we serve your area.",
    );
    await expect(dropdown.getByRole("link", { name: `Call ${PHONE_DISPLAY}` })).toHaveAttribute(
      "href",
      TEL_HREF,
    );

    // While the dropdown says it, the page under it does not say it a second time.
    const results = areaResults(page);
    const pageMessage = results.getByText("No service areas found for your search");
    await expect(pageMessage).toBeHidden();
    await expect(results.getByRole("link", { name: `Call ${PHONE_DISPLAY}` })).toHaveCount(0);
    await expect(results.getByRole("heading", { level: 3 })).toHaveCount(0);

    // Closed, the page says it, with its own call button.
    await box.press("Escape");
    await expect(dropdownTitle).toBeHidden();
    await expect(pageMessage).toBeVisible();
    await expect(results.getByRole("link", { name: `Call ${PHONE_DISPLAY}` })).toHaveAttribute(
      "href",
      TEL_HREF,
    );
  });

  test("the X button clears the text and brings all areas back", async ({ page }) => {
    const box = areasSearchBox(page);
    await box.fill("xyz");
    await expect(areaResults(page).getByRole("link")).toHaveCount(0);

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(box).toHaveValue("");
    await expect(page).toHaveURL(/\/service-areas$/);
    await expect(areaResults(page).getByRole("link")).toHaveCount(TOTAL);
    await expect(areaColumn(page, "Chicago").heading).toHaveText(/\(30\)/);
    await expect(page.getByRole("link", { name: "Clear search" })).toHaveCount(0);
  });

  test("a Popular Areas chip sets the text and filters to that area; empty regions step aside", async ({
    page,
  }) => {
    const chips = page.getByText("Popular Areas:", { exact: true }).locator("xpath=..");
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await chips.getByRole("link", { name: "Orland Park" }).click();

    await expect(areasSearchBox(page)).toHaveValue("Orland Park");
    await expect(areaColumn(page, "Southwest Suburbs").heading).toHaveText(/\(1\)/);
    // No "No matches in this region" cards: a region without a match is not shown.
    await expect(areaColumn(page, "Chicago").heading).toHaveCount(0);
    await expect(areaColumn(page, "South Suburbs").heading).toHaveCount(0);
    await expect(page.getByText("No matches in this region")).toHaveCount(0);
    const links = areaResults(page).getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links).toHaveText("Orland Park");
    await expect(links).toHaveAttribute("href", "/service-areas/orland-park-locksmith");
    // Filtering is in place: no navigation, no jump to the top.
    await expect(page).toHaveURL(/\/service-areas$/);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrollBefore);
  });
});

for (const { path, heading, count } of [
  { path: "/", heading: "Frequently Asked Questions", count: 6 },
  { path: "/service-areas/oak-lawn-locksmith", heading: "Oak Lawn Locksmith FAQ", count: 5 },
]) {
  test(`${path} FAQ: at most one item open, an open item closes on a second click`, async ({
    page,
  }) => {
    await gotoPublicPage(page, path);
    const faq = page.getByRole("region", { name: heading });
    const items = faq.locator("details");
    await expect(items).toHaveCount(count);
    const openCount = () => faq.locator("details[open]").count();
    expect(await openCount()).toBe(0);

    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveJSProperty("open", true);
    await expect(first.locator("p")).toBeVisible();

    await second.locator("summary").click();
    await expect(second).toHaveJSProperty("open", true);
    await expect(first).toHaveJSProperty("open", false);
    await expect(first.locator("p")).toBeHidden();
    expect(await openCount()).toBe(1);

    await second.locator("summary").click();
    await expect(second).toHaveJSProperty("open", false);
    expect(await openCount()).toBe(0);
  });
}

test.describe("mobile menu", () => {
  test.use({ viewport: MOBILE });

  test("the toggle opens the mobile nav; choosing a link navigates and closes it", async ({
    page,
  }) => {
    await gotoPublicPage(page, "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();

    const toggle = page.getByRole("banner").getByLabel("Menu", { exact: true });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(mobileNav).toBeVisible();

    await mobileNav.getByRole("link", { name: "Service Areas" }).click();
    await expect(page).toHaveURL(/\/service-areas$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Service Areas");
    await expect(mobileNav).toBeHidden();
    await expect(page.locator("header details")).toHaveJSProperty("open", false);
  });
});

test("navigating from the footer starts the new page at the top", async ({ page }) => {
  await gotoPublicPage(page, "/");
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("without JavaScript", () => {
  test("home renders, FAQ and mobile menu open, search and filter work", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: MOBILE,
    });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "24/7 Locksmith in Chicago & the Suburbs",
      );
      const services = page.getByRole("region", {
        name: "Locksmith Services for Home, Car and Business",
      });
      await expect(services.getByRole("link", { name: /^Learn More/ })).toHaveCount(12);
      await expect(services.getByRole("link", { name: /^Learn More/ }).last()).toBeVisible();

      // FAQ: native <details>.
      const faqItem = page
        .getByRole("region", { name: "Frequently Asked Questions" })
        .locator("details")
        .first();
      await faqItem.locator("summary").click();
      await expect(faqItem).toHaveJSProperty("open", true);
      await expect(faqItem.locator("p")).toBeVisible();

      // Mobile menu: native <details>.
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();
      await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Service Areas" })).toBeVisible();

      // The hero search is a GET form the server answers with a redirect.
      await page.goto("/");
      await homeSearchBox(page).fill("Oak Lawn");
      await findButton(page).click();
      await expect(page).toHaveURL(/\/service-areas\/oak-lawn-locksmith$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Oak Lawn");

      // The areas filter is answered by the server too.
      await page.goto("/service-areas?q=tinley");
      await expect(areasSearchBox(page)).toHaveValue("tinley");
      const results = areaResults(page);
      await expect(results.getByRole("link", { name: "Tinley Park" })).toHaveAttribute(
        "href",
        "/service-areas/tinley-park-locksmith",
      );
      await expect(results.getByRole("link", { name: "Oak Lawn" })).toHaveCount(0);
      await expect(results.getByRole("link")).toHaveCount(1);
    } finally {
      await context.close();
    }
  });
});

test.describe("without JavaScript, the server answers", () => {
  test("a home search matching nothing stays on home with the call link", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await homeSearchBox(page).fill("zzzz");
      await findButton(page).click();
      await expect(page).toHaveURL(/\/\?area=zzzz$/);
      const status = page.getByRole("status").filter({ hasText: "No areas found. Need help?" });
      await expect(status).toBeVisible();
      await expect(status.getByRole("link", { name: `Call ${PHONE_DISPLAY}` })).toHaveAttribute(
        "href",
        TEL_HREF,
      );
    } finally {
      await context.close();
    }
  });

  test("Popular Areas chips and the X button are plain links", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/service-areas");
      const chips = page.getByText("Popular Areas:", { exact: true }).locator("xpath=..");
      await chips.getByRole("link", { name: "Tinley Park" }).click();
      await expect(page).toHaveURL(/\/service-areas\?q=Tinley%20Park$/);
      await expect(areasSearchBox(page)).toHaveValue("Tinley Park");
      await expect(areaResults(page).getByRole("link")).toHaveCount(1);

      await page.getByRole("link", { name: "Clear search" }).click();
      await expect(page).toHaveURL(/\/service-areas$/);
      await expect(areasSearchBox(page)).toHaveValue("");
      await expect(areaResults(page).getByRole("link")).toHaveCount(serviceAreas.length);
    } finally {
      await context.close();
    }
  });
});

test.describe("calls to action", () => {
  test("every call button on home dials the configured number; Text is an sms: link", async ({
    page,
  }) => {
    await gotoPublicPage(page, "/");
    const telLinks = page.locator('a[href^="tel:"]');
    // Header, hero, emergencies (4), how-it-works, closing CTA (2), footer at least.
    expect(await telLinks.count()).toBeGreaterThanOrEqual(8);
    for (const href of await telLinks.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href")),
    )) {
      expect(href).toBe(TEL_HREF);
    }

    const callLabels = /^(Call\b|Get Unlocked Fast|Get Emergency Help)/;
    const callButtons = page.getByRole("link", { name: callLabels });
    expect(await callButtons.count()).toBeGreaterThanOrEqual(6);
    for (const button of await callButtons.all()) {
      await expect(button).toHaveAttribute("href", TEL_HREF);
    }
    await expect(page.getByRole("link", { name: `Call ${PHONE_DISPLAY}` }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Emergency Help" })).toHaveCount(4);

    const text = page.getByRole("link", { name: "Text for Service" });
    await expect(text).toHaveCount(1);
    await expect(text).toHaveAttribute("href", SMS_HREF);

    // Request buttons open the request form.
    await expect(
      page.getByRole("link", { name: "Request Service Online" }).first(),
    ).toHaveAttribute("href", "/request");
  });

  for (const path of [
    "/",
    "/services",
    "/services/emergency",
    "/service-areas",
    "/service-areas/oak-lawn-locksmith",
    "/about",
  ]) {
    test(`${path}: every <button> has an effect`, async ({ page }) => {
      await gotoPublicPage(page, path);
      const described = await page
        .locator('button, [role="button"], input[type="button"], input[type="submit"]')
        .evaluateAll((elements) =>
          elements.map((element) => ({
            html: element.outerHTML.slice(0, 160),
            text: element.textContent?.trim() ?? "",
            submitsForm:
              (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) &&
              element.type === "submit" &&
              element.form !== null,
            summary: element.tagName === "SUMMARY",
          })),
        );
      const knownButtons = ["Show map"];
      const withoutEffect = described.filter(
        (button) => !button.submitsForm && !button.summary && !knownButtons.includes(button.text),
      );
      expect(withoutEffect, "buttons that are neither a form submit nor a known control").toEqual(
        [],
      );
    });
  }

  test('"Show map" replaces the placeholder with the map', async ({ page }) => {
    // Keep the test offline and deterministic: answer the embed locally.
    await page.route(/openstreetmap\.org/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title>" }),
    );
    await gotoPublicPage(page, "/service-areas");
    const show = page.getByRole("button", { name: "Show map" });
    await expect(show).toBeVisible();
    await show.click();
    const map = page.locator('iframe[title^="Map of our service area"]');
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute("src", /openstreetmap\.org\/export\/embed\.html/);
    await expect(show).toHaveCount(0);
  });
});

test.describe("no console errors", () => {
  for (const path of ["/", "/service-areas/oak-lawn-locksmith", "/service-areas"]) {
    test(`${path} logs no errors`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await gotoPublicPage(page, path);
      await revealEverything(page);
      await page.waitForLoadState("load");
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  test("going from one to another logs no errors", async ({ page }) => {
    const errors = collectPageErrors(page);
    await gotoPublicPage(page, "/");
    await homeSearchBox(page).fill("oak lawn");
    await page.getByRole("option", { name: /Oak Lawn, IL/ }).click();
    await expect(page).toHaveURL(CITY_PATH);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Service Areas" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Service Areas");
    await areasSearchBox(page).fill("tinley");
    await expect(areaResults(page).getByRole("link")).toHaveCount(1);
    expect(errors, errors.join("\n")).toEqual([]);
  });
});
