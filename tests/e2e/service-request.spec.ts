import { expect, test } from "./support/test";
import { expectToast, newClient, siteOrigin } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { gotoPublicPage, waitForIslands } from "./support/site";

/** A phone number no other test uses, so the lead can be found by it. */
function uniquePhone(): { typed: string; e164: string } {
  const line = String(Math.floor(1000 + Math.random() * 8999));
  return { typed: `(708) 424-${line}`, e164: `+1708424${line}` };
}

test.describe("service requests from the website", () => {
  test("a visitor on a phone requests service from a city page; the operator's open Leads page shows it live", async ({
    browser,
    owner,
  }) => {
    const operator = await newClient(browser, { storageState: owner });
    await gotoHydrated(operator.page, "/admin/leads");

    const visitor = await newClient(browser, { viewport: MOBILE });
    await gotoPublicPage(visitor.page, "/service-areas/oak-lawn-locksmith");
    await visitor.page.getByRole("link", { name: "Request Service Online" }).first().click();
    await expect(visitor.page).toHaveURL(/\/request\?area=oak-lawn$/);
    await waitForIslands(visitor.page);
    await expect(visitor.page.getByText("Oak Lawn: 60453")).toBeVisible();
    await expectNoAxeViolations(visitor.page, "/request at 375 px");

    const phone = uniquePhone();
    await visitor.page.getByLabel("Your name").fill("Dana Ruiz");
    await visitor.page.getByLabel("Phone number").fill(phone.typed);
    await visitor.page.getByLabel("Service needed").selectOption("automotive");
    await visitor.page.getByLabel("ZIP code").fill("60453");
    await visitor.page.getByLabel("Details (optional)").fill("Keys locked in the car");
    await visitor.page.getByRole("button", { name: "Send request" }).click();
    // In place, with JavaScript: no navigation.
    await expect(visitor.page.getByRole("heading", { name: "Request received" })).toBeVisible();
    await expect(visitor.page).toHaveURL(/\/request\?area=oak-lawn$/);

    await expectToast(operator.page, "New web request", {
      description: /Automotive in Oak Lawn \(60453\)/,
    });
    await expect(
      operator.page.getByText(phone.e164).or(operator.page.getByText(phone.typed)).first(),
    ).toBeVisible();
    await operator.context.close();
    await visitor.context.close();
  });

  test("a service page's button preselects its service", async ({ browser }) => {
    const { page, context } = await newClient(browser);
    await gotoPublicPage(page, "/services/smart-locks");
    await page.getByRole("link", { name: "Schedule Consultation" }).first().click();
    await expect(page).toHaveURL(/\/request\?service=smart-locks$/);
    await expect(page.getByLabel("Service needed")).toHaveValue("smart_locks");
    await context.close();
  });

  test("invalid fields get their messages and keep what was typed; outside ZIPs are flagged but accepted", async ({
    browser,
  }) => {
    const { page, context } = await newClient(browser);
    await gotoPublicPage(page, "/request");
    await page.getByLabel("Your name").fill("Sam");
    await page.getByLabel("Phone number").fill("555-12");
    await page.getByLabel("ZIP code").fill("10001");
    await expect(page.getByText("10001 is outside the areas we list")).toBeVisible();
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Enter a US phone number we can call")).toBeVisible();
    await expect(page.getByText("Choose the service you need")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Sam");

    await page.getByLabel("Phone number").fill(uniquePhone().typed);
    await page.getByLabel("Service needed").selectOption("residential");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("That ZIP code is outside the areas we list")).toBeVisible();
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`an answer with messages keeps the page's area (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const { page, context } = await newClient(browser, { javaScriptEnabled });
      if (javaScriptEnabled) await gotoPublicPage(page, "/request?area=oak-lawn");
      else await page.goto("/request?area=oak-lawn");
      await expect(page.getByText("Oak Lawn: 60453")).toBeVisible();
      await page.getByLabel("Your name").fill("Area Kept");
      await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(page.getByText("Enter a US phone number we can call")).toBeVisible();
      await expect(page.getByText("Oak Lawn: 60453")).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue("Area Kept");
      // The first field to fix has the focus.
      await expect(page.getByLabel("Phone number")).toBeFocused();
      await context.close();
    });
  }

  test("without JavaScript the form posts and lands on the thank-you page", async ({ browser }) => {
    const { page, context } = await newClient(browser, { javaScriptEnabled: false });
    await page.goto("/request?service=emergency");
    await page.getByLabel("Your name").fill("No Script");
    await page.getByLabel("Phone number").fill("12");
    await page.getByLabel("ZIP code").fill("60453");
    // The browser's own checks would stop a bad number; skip them to reach the server's.
    await page.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Enter a US phone number we can call")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("No Script");
    await page.getByLabel("Phone number").fill(uniquePhone().typed);
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/request\/thanks\?service=emergency&zip=60453$/);
    await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+1/);
    await context.close();
  });

  test("the honeypot and the hourly limit refuse, saying why", async ({ browser }) => {
    const { request, context } = await newClient(browser);
    const send = (extra: Record<string, string> = {}) =>
      request.post("/request", {
        form: {
          mode: "inline",
          name: "Bot",
          phone: uniquePhone().typed,
          serviceType: "emergency",
          zip: "60453",
          website: "",
          ...extra,
        },
        headers: { origin: siteOrigin() },
        maxRedirects: 0,
      });
    const trapped = await send({ website: "http://spam.example" });
    expect(trapped.status()).toBe(429);
    for (let i = 0; i < 5; i++) expect((await send()).status()).toBe(200);
    const limited = await send();
    expect(limited.status()).toBe(429);
    expect(await limited.text()).toContain("several requests in the last hour");
    await context.close();
  });
});
