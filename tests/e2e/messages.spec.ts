import { expect, test, type Page } from "./support/test";
import { expectToast, newClient, postForm } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { dispatchNewLead } from "./support/dispatch-helpers";
import { leadTimeline, quietClient, uniquePhone, webPhone } from "./support/roster-helpers";

/*
 * Texts without Twilio (issue 13): a dispatch queues the locksmith's text and, with the
 * customer's agreement, the customer's ("we are finding your locksmith": issue 45), both kept in the outbox as not sent (the customer's
 * link masked, without Copy: issue 44); the operator finds them by phone, filters them, drops
 * one; Settings → Messages checks and previews templates; the website's "Text me updates"
 * box reaches the lead.
 */

const rows = (page: Page) => page.locator("table tbody tr");

test("the outbox keeps a dispatch's texts as not sent, to copy, find, filter and drop", async ({
  browser,
  owner,
}) => {
  const { page, context } = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
  const customer = uniquePhone();
  const { smith, smithPhone } = await dispatchNewLead(page, {
    phone: customer.typed,
    textConsent: true,
  });

  await gotoHydrated(page, `/admin/messages?q=${customer.digits}`);
  await expect(page.getByText(/Texting is not configured/).first()).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  const toCustomer = rows(page).first();
  // An offer names nobody to the customer (issue 45): the name comes when someone accepts.
  await expect(toCustomer).toContainText("Customer: finding their locksmith");
  await expect(toCustomer).toContainText("are finding your locksmith now");
  await expect(toCustomer).not.toContainText(smith);
  await expect(toCustomer).toContainText("Reply STOP to opt out.");
  await expect(toCustomer).toContainText("Not sent");
  // The customer's own link is theirs alone (issue 44): masked, and no Copy to hand it on.
  await expect(toCustomer).toContainText("/t/••••");
  await expect(toCustomer.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  // Resend needs Twilio: only Drop is offered.
  await expect(toCustomer.getByRole("button", { name: "Resend" })).toHaveCount(0);
  await expectNoAxeViolations(page, "messages at 1280 px");

  await gotoHydrated(page, `/admin/messages?q=${smithPhone.digits}&purpose=locksmith_dispatch`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Job to locksmith");
  await expect(rows(page).first()).toContainText(/Accept or decline: http\S+\/j\//);
  await gotoHydrated(page, `/admin/messages?q=${smithPhone.digits}&purpose=customer_dispatched`);
  await expect(page.getByText("No texts match this search and filter.")).toBeVisible();

  await gotoHydrated(page, `/admin/messages?q=${customer.digits}`);
  await rows(page).first().getByRole("button", { name: "Drop" }).click();
  await expectToast(page, "Text dropped");
  await expect(rows(page).first()).toContainText("Dropped");
  await expect(rows(page).first().getByRole("button", { name: "Drop" })).toHaveCount(0);
  await gotoHydrated(page, `/admin/messages?q=${customer.digits}&status=dropped`);
  await expect(rows(page)).toHaveCount(1);
  await context.close();

  const phone = await newClient(browser, { storageState: owner, viewport: MOBILE });
  await gotoHydrated(phone.page, `/admin/messages?q=${smithPhone.digits}`);
  await expect(
    phone.page.getByRole("listitem").filter({ hasText: "Job to locksmith" }),
  ).toHaveCount(1);
  await expectNoAxeViolations(phone.page, "messages at 375 px");
  await phone.context.close();
});

test("Settings → Messages checks each template, previews it, and saves", async ({
  browser,
  owner,
}) => {
  const { page, context } = await quietClient(browser, { storageState: owner });
  await gotoHydrated(page, "/admin/settings");
  await page.getByRole("link", { name: "Text settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Text settings" })).toBeVisible();
  const template = page.getByRole("textbox", { name: "Template" }).first();
  const original = await template.inputValue();
  // The preview follows the typing, filled with sample values.
  await template.fill("{business}: job {code} for {customer} at {link}");
  await expect(page.locator("output").first()).toContainText("job K7Q2ZB for Maria Lopez at");
  // Without {code} the text is refused next to its template; nothing is saved.
  await template.fill("New job, call the office");
  await page.getByRole("button", { name: "Save text settings" }).click();
  await expect(page.getByText("This text needs {code}.")).toBeVisible();
  await expectNoAxeViolations(page, "text settings with an error");
  await gotoHydrated(page, "/admin/settings/messages");
  await expect(page.getByRole("textbox", { name: "Template" }).first()).toHaveValue(original);
  // Saved as it was.
  await page.getByRole("button", { name: "Save text settings" }).click();
  await expectToast(page, "Text settings saved");
  await context.close();
});

test("'Text me updates' on the website reaches the lead as the customer's agreement", async ({
  browser,
  owner,
}) => {
  const phone = webPhone();
  const visitor = await newClient(browser);
  const response = await postForm(visitor.request, "/request", {
    name: "Tess Texter",
    phone: phone.typed,
    serviceType: "residential",
    zip: "60629",
    address: "",
    details: "",
    textConsent: "on",
    website: "",
  });
  expect(response.status(), await response.text()).toBe(303);
  await visitor.context.close();

  const { page, context } = await quietClient(browser, { storageState: owner });
  await gotoHydrated(page, `/admin/leads?q=${phone.e164.slice(2)}`);
  await page
    .getByRole("link", { name: /^Tess Texter/ })
    .first()
    .click();
  await expect(page.getByText("Customer agreed to texts: they are told")).toBeVisible();
  await page.getByRole("button", { name: "Remove agreement" }).click();
  await expectToast(page, "Text consent saved");
  await expect(page.getByText("Not agreed: the customer gets no texts")).toBeVisible();
  await expect(leadTimeline(page).getByRole("listitem").first()).toContainText(
    "Customer's agreement to texts removed",
  );
  await context.close();
});
