import { expect, test, type APIRequestContext, type Locator, type Page } from "./support/test";
import { expectToast, newClient, postForm } from "./support/auth-helpers";
import {
  closeNewRequestToasts,
  dismissToasts,
  ownerPage,
  uniqueTag,
  visibleItem,
} from "./support/jobs-helpers";
import { search } from "./support/roster-helpers";
import { DESKTOP, MOBILE, VIEWPORTS } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * The Reviews section (System group) as an operator uses it: add with the form's checks,
 * publish, edit, unpublish and delete, each change on the customer's city page at once
 * (the page cache is dropped by the database's change notice); the filter and search in
 * the URL; the phone layout; axe at 1280 and 375 px.
 */

/** Blue Island's page: no demo review is from there, so a new one leads its reviews. */
const CITY_PAGE = "/service-areas/blue-island-locksmith";

function reviewDialog(page: Page, name: "Add review" | "Edit review"): Locator {
  return page.getByRole("dialog", { name });
}

/** The city page as a visitor gets it, eventually holding `text` or not. */
async function expectOnCityPage(request: APIRequestContext, text: string, shown: boolean) {
  await expect(async () => {
    const html = await (await request.get(CITY_PAGE)).text();
    expect(html.includes(text), `"${text}" on ${CITY_PAGE}`).toBe(shown);
  }).toPass({ timeout: 5_000 });
}

async function addReview(page: Page, customer: string, body: string): Promise<void> {
  await page.getByRole("button", { name: "Add Review" }).click();
  const dialog = reviewDialog(page, "Add review");
  await dialog.getByLabel("Customer name (as shown, e.g. Maria G.)").fill(customer);
  await dialog.getByLabel("Area", { exact: true }).selectOption({ label: "Blue Island" });
  await dialog.getByLabel("Job", { exact: true }).selectOption({ label: "House lockout" });
  await dialog.getByLabel("Rating", { exact: true }).selectOption("4");
  await dialog.getByLabel("Review text").fill(body);
  await dialog.getByRole("button", { name: "Save review" }).click();
  await expectToast(page, "Review added successfully", { type: "success" });
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
}

test.describe("reviews", () => {
  test("the form says what is missing and keeps what was typed", async ({ browser, owner }) => {
    const page = await ownerPage(browser, owner, "/admin/reviews", DESKTOP);
    await page.getByRole("button", { name: "Add Review" }).click();
    const dialog = reviewDialog(page, "Add review");
    await dialog.getByLabel("Review text").fill("Too short");
    await dialog.getByRole("button", { name: "Save review" }).click();
    for (const message of [
      "Customer name is required",
      "Choose the customer's area",
      "Choose what the job was",
      "The review text must be at least 10 characters",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel("Review text")).toHaveValue("Too short");
    // New reviews start at 5 stars and not published; typed in by hand, never "Verified".
    await expect(dialog.getByLabel("Rating", { exact: true })).toHaveValue("5");
    await expect(dialog.getByText(/not marked Verified/)).toBeVisible();
    await expect(dialog.getByRole("checkbox")).toHaveCount(1);
    await expect(dialog.getByLabel("Published on the website")).not.toBeChecked();
  });

  test("add, publish, edit, unpublish and delete; the city page follows each change", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/reviews", DESKTOP);
    const customer = uniqueTag("Bea R.");
    const body = `The lock on our back door gave way and they came within 20 minutes ${customer}`;
    await addReview(page, customer, body);

    await search(page, "Search reviews", customer);
    const row = visibleItem(page, customer);
    await expect(row).toContainText("Blue Island");
    await expect(row).toContainText("House lockout");
    await expect(row.getByLabel("4 out of 5 stars")).toBeVisible();
    await expect(row).toContainText("Not published");
    await expectOnCityPage(page.request, customer, false);

    await row.getByRole("button", { name: `Publish review by ${customer}` }).click();
    await expectToast(page, "Review published", { description: "It is on the website now." });
    await expect(row).toContainText("Published");
    await expectOnCityPage(page.request, body, true);
    await dismissToasts(page);

    // The status filter is in the URL and combines with the search.
    await page.getByLabel("Filter by status").selectOption("draft");
    await expect(page).toHaveURL(/status=draft/);
    await expect(page.getByText("No reviews match.")).toBeVisible();
    await page.getByLabel("Filter by status").selectOption("published");
    await expect(visibleItem(page, customer)).toHaveCount(1);

    const edited = `Rekeyed every lock the same afternoon, fair price ${customer}`;
    await row.getByRole("button", { name: `Edit review by ${customer}` }).click();
    const dialog = reviewDialog(page, "Edit review");
    await expect(dialog.getByLabel("Review text")).toHaveValue(body);
    await dialog.getByLabel("Review text").fill(edited);
    await dialog.getByRole("button", { name: "Save review" }).click();
    await expectToast(page, "Review updated successfully", { type: "success" });
    await expectOnCityPage(page.request, edited, true);
    await expectOnCityPage(page.request, body, false);
    await dismissToasts(page);

    await row.getByRole("button", { name: `Unpublish review by ${customer}` }).click();
    await expectToast(page, "Review unpublished", {
      description: "It is no longer on the website.",
    });
    await expectOnCityPage(page.request, customer, false);
    await dismissToasts(page);

    // Delete asks first; saying no keeps it.
    await page.getByLabel("Filter by status").selectOption("");
    page.once("dialog", (confirm) => void confirm.dismiss());
    await visibleItem(page, customer)
      .getByRole("button", { name: `Delete review by ${customer}` })
      .click();
    await expect(visibleItem(page, customer)).toHaveCount(1);
    page.once("dialog", (confirm) => {
      expect(confirm.message()).toBe(`Delete the review by ${customer}? This cannot be undone.`);
      void confirm.accept();
    });
    await visibleItem(page, customer)
      .getByRole("button", { name: `Delete review by ${customer}` })
      .click();
    await expectToast(page, "Review deleted", { type: "success" });
    await expect(page.getByText("No reviews match.")).toBeVisible();
  });

  test("a published review is on the next load of its city page in a browser that has the page", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/reviews", DESKTOP);
    const customer = uniqueTag("Cy P.");
    const body = `Came out at midnight and had the back door open in ten minutes ${customer}`;
    await addReview(page, customer, body);

    // A visitor's browser already holds the city page (with its ETag).
    const visitor = await newClient(browser, { viewport: MOBILE });
    await visitor.page.goto(CITY_PAGE);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toContainText("Blue Island");
    await expect(visitor.page.getByText(body)).toHaveCount(0);

    await search(page, "Search reviews", customer);
    await visibleItem(page, customer)
      .getByRole("button", { name: `Publish review by ${customer}` })
      .click();
    await expectToast(page, "Review published", { description: "It is on the website now." });

    // The next ordinary load shows it: the browser asks again (max-age=0) instead of
    // showing its copy. (Retried only for the moment the database's change notice takes
    // to reach the page cache.)
    await expect(async () => {
      await visitor.page.goto(CITY_PAGE);
      await expect(visitor.page.getByText(body)).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
  });

  test("a review for an area we do not serve is refused by the server", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/reviews", DESKTOP);
    const response = await postForm(page.request, "/admin/reviews", {
      intent: "create",
      customerName: "Nowhere N.",
      areaSlug: "atlantis",
      rating: "5",
      category: "rekey",
      body: "A review from a place we do not serve.",
      published: "on",
    });
    expect(response.status()).toBe(400);
    await search(page, "Search reviews", "Nowhere N.");
    await expect(page.getByText("No reviews match.")).toBeVisible();
  });
});

test.describe("phones and accessibility", () => {
  test.slow();
  for (const [label, viewport] of VIEWPORTS) {
    test(`the Reviews page and its dialog at ${label} have no violations`, async ({
      browser,
      owner,
    }) => {
      const page = await ownerPage(browser, owner, "/admin/reviews", viewport);
      await closeNewRequestToasts(page);
      const items = viewport === MOBILE ? page.locator("main ul > li") : page.locator("tbody tr");
      await expect(items.first()).toBeVisible();
      await expectNoAxeViolations(page, `/admin/reviews at ${label}`);
      await page.getByRole("button", { name: "Add Review" }).click();
      const dialog = reviewDialog(page, "Add review");
      await dialog.getByRole("button", { name: "Save review" }).click();
      await expect(dialog.getByText("Customer name is required")).toBeVisible();
      await expectNoAxeViolations(page, `Add review (with errors) at ${label}`);
    });
  }
});

test("the site's stars count exactly the published reviews, on the page and in structured data", async ({
  browser,
  owner,
}) => {
  const page = await ownerPage(browser, owner, "/admin/reviews?status=published", DESKTOP);
  const range = page.getByText(/^\d[\d,]*–\d[\d,]* of \d[\d,]*$|^No results$/).first();
  await expect(range).toBeVisible();
  const published = Number(
    /of ([\d,]+)$/.exec((await range.textContent()) ?? "")?.[1]?.replace(",", "") ?? 0,
  );
  const home = await (await page.request.get("/")).text();
  if (published === 0) {
    expect(home).not.toContain("published review");
  } else {
    expect(home).toContain(
      `across ${published} published ${published === 1 ? "review" : "reviews"}`,
    );
    expect(home).toMatch(new RegExp(`"reviewCount":${published}\\b`));
  }
  await page.context().close();
});
