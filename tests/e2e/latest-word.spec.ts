import { expect, test, type Browser, type Page } from "./support/test";
import { expectToast, newClient, postForm } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import { dispatchFromLeadPage } from "./support/dispatch-helpers";
import {
  addLead,
  createLocksmith,
  leadTimeline,
  openListedLead,
  quietClient,
  search,
  submitAddLead,
  uniquePhone,
  uniqueTag,
  uniqueZip,
  webPhone,
} from "./support/roster-helpers";

/*
 * Issue 27, cases 4 and 6 (decision 0027), as a dispatcher and a locksmith meet them:
 * the customer corrects the address with a second web request while a locksmith holds the
 * job (the lead takes it, the office is told, the locksmith is texted and their page shows
 * it); Add Lead takes the caller's agreement to texts, opens the phone's open lead instead
 * of making a second, and offers Dispatch in place once saved.
 */

const VIEWPORTS = [
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
] as const;

const outboxRows = (page: Page, viewport: typeof DESKTOP | typeof MOBILE) =>
  viewport === DESKTOP
    ? page.locator("table tbody tr")
    : page.getByRole("listitem").filter({ hasText: /Not sent|Queued/ });

/** The website's form, sent as a visitor's browser sends it (without JavaScript). */
async function webRequest(
  browser: Browser,
  request: { name: string; phone: string; zip: string; address: string; details: string },
) {
  const visitor = await newClient(browser);
  const response = await postForm(visitor.request, "/request", {
    ...request,
    serviceType: "emergency",
    website: "",
  });
  expect(response.status(), await response.text()).toBe(303);
  await visitor.context.close();
}

for (const [label, viewport] of VIEWPORTS) {
  test(`at ${label}: a corrected address reaches the lead, the office and the locksmith`, async ({
    browser,
    owner,
  }) => {
    test.slow();
    const tag = uniqueTag();
    const zip = uniqueZip();
    const smith = `Andre Latest ${tag}`;
    const smithPhone = uniquePhone();
    const name = `Dana Latest ${tag}`;
    const phone = webPhone();

    // The office, with live updates on (the toast comes through them).
    const office = await newClient(browser, { storageState: owner, viewport });
    await createLocksmith(office.page, { name: smith, phone: smithPhone.typed, zips: zip });
    await webRequest(browser, {
      name,
      phone: phone.typed,
      zip,
      address: "8001 S Ashland Ave",
      details: "Front door",
    });
    await gotoHydrated(office.page, `/admin/leads?q=${phone.e164.slice(2)}`);
    await openListedLead(office.page, name);
    const jobPath = await dispatchFromLeadPage(office.page, smith);

    // The locksmith accepts on their phone.
    const locksmith = await newClient(browser, { viewport: MOBILE });
    await locksmith.page.goto(jobPath);
    await locksmith.page.getByRole("button", { name: "Accept the job" }).click();
    await expect(
      locksmith.page.getByRole("heading", { level: 1, name: "Job accepted" }),
    ).toBeVisible();
    await expect(locksmith.page.locator("dd", { hasText: "8001 S Ashland Ave" })).toBeVisible();

    // The customer writes again from the same phone: the rear door of 8100.
    await expect(office.page.getByText("Live", { exact: true })).toBeVisible();
    await webRequest(browser, {
      name,
      phone: phone.typed,
      zip,
      address: "8100 S Ashland Ave (rear door)",
      details: "Front door",
    });
    await expectToast(office.page, `Address changed for ${name}`, {
      description: `Now 8100 S Ashland Ave (rear door), ${zip}. ${smith} was texted the change.`,
    });
    await expect(office.page.getByText("8100 S Ashland Ave (rear door)").first()).toBeVisible();
    const timeline = leadTimeline(office.page);
    await expect(timeline).toContainText("Sent the web form again with new details");
    await expect(timeline).toContainText(
      "address: “8001 S Ashland Ave” → “8100 S Ashland Ave (rear door)”",
    );
    await expect(timeline).toContainText(`Text to ${smith}`);
    await expectNoAxeViolations(office.page, `lead page with the address toast at ${label}`);
    await office.page.screenshot({
      path: test.info().outputPath(`address-changed-${viewport.width}.png`),
      fullPage: false,
    });

    // The text waits in the outbox (no Twilio on the test server), with the new address.
    await gotoHydrated(
      office.page,
      `/admin/messages?q=${smithPhone.digits}&purpose=locksmith_address_changed`,
    );
    const rows = outboxRows(office.page, viewport);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("New address to locksmith");
    await expect(rows.first()).toContainText(`Where: 8100 S Ashland Ave (rear door), ${zip}`);
    await expectNoAxeViolations(office.page, `messages at ${label}`);

    // The locksmith's page shows the new address, and says it changed.
    await locksmith.page.reload();
    await expect(
      locksmith.page.locator("dd", { hasText: "8100 S Ashland Ave (rear door)" }),
    ).toBeVisible();
    await expect(locksmith.page.getByText("8001 S Ashland Ave")).toHaveCount(0);
    await expect(
      locksmith.page.getByText(/^The customer changed the address or notes at/),
    ).toBeVisible();
    await expectFitsAndPassesAxe(locksmith.page, "job page after the change, 375 px");
    await locksmith.context.close();
    await office.context.close();
  });

  test(`at ${label}: Add Lead with the caller's consent, then Dispatch in place`, async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner, viewport });
    const tag = uniqueTag();
    const zip = uniqueZip();
    const smith = `Mara Inplace ${tag}`;
    await createLocksmith(page, { name: smith, zips: zip });
    const customer = uniquePhone();
    const name = `Cal Consent ${tag}`;
    await submitAddLead(page, { name, phone: customer.typed, zip, textConsent: true });

    const offer = page.getByRole("dialog", { name: "Dispatch a locksmith" });
    await expect(offer.getByText(/^Lead added\. Send a locksmith now/)).toBeVisible();
    await expect(offer.getByLabel("Locksmith")).toHaveValue(/.+/);
    await expectNoAxeViolations(page, `Dispatch in place after Add Lead at ${label}`);
    await page.screenshot({
      path: test.info().outputPath(`dispatch-in-place-${viewport.width}.png`),
    });
    await offer.getByRole("button", { name: "Dispatch", exact: true }).click();
    const sent = page.getByRole("dialog", { name: `Dispatched to ${smith}` });
    await expect(sent.getByLabel("Text for the locksmith")).toHaveValue(/\/j\//);
    await sent.getByRole("button", { name: "Done" }).click();
    await expect(sent).toBeHidden();

    // The caller agreed: they are texted like a web customer who ticked the box.
    await gotoHydrated(page, `/admin/messages?q=${customer.digits}`);
    const rows = outboxRows(page, viewport);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Customer: finding their locksmith");
    await expect(rows.first()).toContainText("are finding your locksmith now");
    await context.close();
  });
}

test("Add Lead twice for the same phone opens the open lead, with what the caller said new", async ({
  browser,
  owner,
}) => {
  const { page, context } = await quietClient(browser, { storageState: owner });
  const tag = uniqueTag();
  const phone = uniquePhone();
  const name = `Ora Once ${tag}`;
  await addLead(page, { name, phone: phone.typed, address: "3150 W 63rd St" });
  await search(page, "Search leads", phone.shown);
  const leadPath = await openListedLead(page, name);

  // The same caller again, taken down by another operator as if new.
  await submitAddLead(page, {
    name: `Ora Twice ${tag}`,
    phone: phone.typed,
    address: "3200 W 63rd St, side gate",
    textConsent: true,
  });
  await expect(page).toHaveURL(new RegExp(`${leadPath}$`));
  await expectToast(page, "This caller already has an open lead", {
    description:
      "Opened it instead of adding a second one. Address changed for Ora Once " +
      `${tag}. Now 3200 W 63rd St, side gate. Nobody has the job yet.`,
  });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByLabel("Service address")).toHaveValue("3200 W 63rd St, side gate");
  // The consent ticked this time is the lead's now.
  await expect(page.getByRole("button", { name: "Remove agreement" })).toBeVisible();
  await expectNoAxeViolations(page, "the open lead, opened by Add Lead");

  await gotoHydrated(page, "/admin/leads");
  await search(page, "Search leads", phone.shown);
  await expect(page.locator("table tbody tr")).toHaveCount(1);
  await context.close();
});
