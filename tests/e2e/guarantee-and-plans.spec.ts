import { expect, test } from "./support/test";
import { postStripeWebhook } from "./support/stripe-webhook";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { acceptedJob, quoteAndComplete } from "./support/dispatch-helpers";
import { dismissToasts, visibleItem } from "./support/jobs-helpers";

/*
 * The guarantee and payment plans (issue 45, decision 0065): the receipt states the
 * guarantee's terms and its last day; the office splits a job into two instalments, the
 * customer pays the first through the fake Stripe, and their page shows one paid and one due;
 * the office opens a guarantee call-back from the job, and the lead names the job.
 */

test.use({ texting: true });
// Each test walks a whole job in the browser: three times the usual timeout.
test.slow();

/** A Chicago date ("2026-11-29"), `days` from now. */
const chicagoDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
    new Date(Date.now() + days * 24 * 3_600_000),
  );

const webhook = postStripeWebhook;

test("the receipt states the guarantee; a plan of two instalments, the first paid by card, shows one paid and one due; a guarantee call-back links both ways", async ({
  browser,
  owner,
  stripe,
  request,
  phones,
}) => {
  const { office, phone, name, customerPath } = await acceptedJob(browser, owner, phones);
  await quoteAndComplete(phone.page, phones, "400", {
    reason: "Two doors rekeyed and a new deadbolt",
    method: "Pay link",
    holder: "The business",
  });
  await expect(phone.page.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();
  await phone.context.close();

  // The customer's receipt states the guarantee and the day it runs to.
  const customer = await newClient(browser, { viewport: MOBILE });
  await customer.page.goto(customerPath);
  const guarantee = customer.page.locator('[data-receipt="guarantee"]');
  await expect(guarantee).toContainText(/Guaranteed through [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(guarantee).toContainText("call us within 90 days of the job");

  // The office sets a plan: $250 today, $150 in 30 days.
  await dismissToasts(office.page);
  await gotoHydrated(office.page, `/admin/jobs?q=${encodeURIComponent(name)}`);
  const row = visibleItem(office.page, name);
  await row.getByText("Set a payment plan").click();
  await row.getByLabel(/^Instalment 1 date/).fill(chicagoDay(0));
  await row.getByLabel(/^Instalment 1 amount/).fill("250");
  await row.getByLabel(/^Instalment 2 date/).fill(chicagoDay(30));
  await row.getByLabel(/^Instalment 2 amount/).fill("150");
  await expectNoAxeViolations(office.page, "jobs with the plan form open, 1280 px");
  await office.page.screenshot({ path: "test-results/plan-form-1280.png", fullPage: true });
  await row.getByRole("button", { name: /^Save the plan/ }).click();
  await expectToast(office.page, "Payment plan saved", { type: "success" });

  // The customer pays the first instalment through Stripe.
  await customer.page.goto(customerPath);
  const made = stripe.sessions.length;
  await customer.page
    .getByRole("button", { name: "Pay instalment 1 of 2: $250.00 by card" })
    .click();
  await expect(
    customer.page.getByRole("link", { name: "Continue to pay instalment 1 of 2: $250.00" }),
  ).toBeVisible();
  const session = stripe.sessions[made]!;
  expect(session.amount_total).toBe(25_000);
  expect(await webhook(request, stripe.paidEvent(session))).toBe("for_price");
  await customer.page.goto(customerPath);
  const plan = customer.page.locator('[data-receipt="plan"]');
  await expect(plan).toContainText(/\$250\.00: paid by card \(pay link\) on /);
  await expect(plan).toContainText("$150.00: due");
  await expect(
    customer.page.getByRole("button", { name: "Pay instalment 2 of 2: $150.00 by card" }),
  ).toBeVisible();
  await customer.page.screenshot({ path: "test-results/plan-customer-375.png", fullPage: true });
  await expectNoAxeViolations(customer.page, "customer page with a plan, 375 px");
  await customer.context.close();

  // A guarantee call-back from the job: a lead that names the job.
  await gotoHydrated(office.page, `/admin/jobs?q=${encodeURIComponent(name)}`);
  await visibleItem(office.page, name)
    .getByRole("button", { name: /^Open a guarantee call-back/ })
    .click();
  await expectToast(office.page, "Guarantee call-back opened", { type: "success" });
  await expect(office.page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  await expect(office.page.getByTestId("lead-source")).toHaveText("Guarantee call-back");
  await expect(office.page.getByTestId("guarantee-job")).toHaveText(/^Job [0-9a-f]{8}$/);
  await office.page.screenshot({ path: "test-results/callback-lead-1280.png", fullPage: true });
  await expectNoAxeViolations(office.page, "guarantee call-back lead, 1280 px");
  await office.context.close();
});
