import { mkdirSync } from "node:fs";
import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import {
  acceptOnPhone,
  approveWithTextedCode,
  customerPagePath,
  dispatchNewLead,
  fillCompletion,
  quoteAndComplete,
} from "./support/dispatch-helpers";

// Approval codes reach the customer's phone through the fake Twilio.
test.use({ texting: true });

/*
 * A receipt fit for an insurer or a dispute (issue 44, case 7): the business's legal name,
 * address, phone, e-mail; the customer; the labelled service address; the approved quote's
 * lines, the discount and a configured tax; the payment with who holds it; the balance; the
 * time with its zone. And a customer who did not agree to texts still gets their receipt and
 * review link: the locksmith's completion screen shows a QR code of their page.
 */

const SHOTS = process.env.RECEIPT_SHOTS;
const TOKEN_IN_CLEAR = /\/t\/[A-Za-z0-9_-]{43}/;

async function shot(page: import("@playwright/test").Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("the receipt shows lines and contact", async ({ browser, office, phones }) => {
  test.slow();
  // Settings → Receipts: the legal name and address, and a 0% rate on labor.
  await gotoHydrated(office.page, "/admin/settings/receipts");
  await office.page.getByLabel("Legal name").fill("Lockline Security LLC");
  await office.page.getByLabel("Business address").fill("2200 W Cermak Rd, Chicago, IL 60608");
  await office.page.getByLabel("Labor and service (%)").fill("12.5.1");
  await office.page.getByRole("button", { name: "Save receipt settings" }).click();
  await expect(
    office.page.getByText(
      "Enter a percentage from 0 to 30 with at most 3 decimals (e.g. 10.25), or leave it empty",
    ),
  ).toBeVisible();
  await office.page.getByLabel("Labor and service (%)").fill("0");
  await office.page.getByRole("button", { name: "Save receipt settings" }).click();
  await expectToast(office.page, "Receipt settings saved");
  await expectNoAxeViolations(office.page, "Settings → Receipts, 1280 px");

  const { name, smith, customerDigits, jobPath } = await dispatchNewLead(office.page, {
    textConsent: true,
  });
  const customerPath = await customerPagePath(phones, customerDigits);
  const job = await acceptOnPhone(browser, jobPath);
  // A quote of two lines, approved by the customer's code; $5 off at the end.
  await job.getByLabel("Line 1: what").fill("Lockout service");
  await job.getByLabel("Line 1: $").fill("95");
  await job.getByLabel("Line 2: what").fill("New key");
  await job.getByLabel("Line 2: $").fill("40");
  await job.getByRole("button", { name: /^Save the (new )?quote$/ }).click();
  await expect(job.getByText("Quote saved.")).toBeVisible();
  await approveWithTextedCode(job, phones);
  await fillCompletion(job, "130", { method: "Cash", holder: "I do" });
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();

  const customer = await newClient(browser, { viewport: MOBILE });
  const visit = customer.page;
  await visit.goto(`${customerPath}/receipt`);
  const receipt = visit.getByRole("region", { name: /^Receipt [0-9A-F]{8}$/ });
  await expect(receipt).toBeVisible();
  const business = receipt.locator('[data-receipt="business"]');
  await expect(business).toContainText("BusinessLockline Security LLC");
  await expect(business).toContainText("Address2200 W Cermak Rd, Chicago, IL 60608");
  await expect(business).toContainText(/Phone\(\d{3}\) \d{3}-\d{4}/);
  await expect(business).toContainText(/E-mail\S+@\S+/);
  const details = receipt.locator('[data-receipt="job"]');
  await expect(details).toContainText(`Customer${name}`);
  await expect(details).toContainText("Service address");
  await expect(details).toContainText(/Receipt number[0-9A-F]{8}/);
  await expect(details).toContainText(/Completed\w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T/);
  const items = receipt.locator('[data-receipt="items"]');
  await expect(items).toContainText("Lockout service$95.00");
  await expect(items).toContainText("New key$40.00");
  const totals = receipt.locator('[data-receipt="totals"]');
  await expect(totals).toContainText("Approved quote$135.00, approved");
  await expect(totals).toContainText("Discount-$5.00");
  await expect(totals).toContainText("Tax included, labor and service (0%)$0.00");
  await expect(totals).toContainText("Final price$130.00");
  const payments = receipt.locator('[data-receipt="payments"]');
  await expect(payments).toContainText("Paid: cash$130.00");
  await expect(payments).toContainText(`held by ${smith}, the locksmith`);
  await expect(receipt.locator('[data-receipt="balance"]')).toHaveText("Balance due$0.00");
  await expectNoAxeViolations(visit, "receipt page with lines and contact, 375 px");
  await shot(visit, "receipt-375");
  await visit.setViewportSize(DESKTOP);
  await expectNoAxeViolations(visit, "receipt page with lines and contact, 1280 px");
  await shot(visit, "receipt-1280");

  // The PDF says the same.
  const pdf = await visit.request.get(`${customerPath}/receipt.pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Back to no rate: no tax line at all.
  await gotoHydrated(office.page, "/admin/settings/receipts");
  await office.page.getByLabel("Labor and service (%)").fill("");
  await office.page.getByRole("button", { name: "Save receipt settings" }).click();
  await expectToast(office.page, "Receipt settings saved");
  await visit.reload();
  await expect(visit.locator('[data-receipt="totals"]')).not.toContainText("Tax");
});

test("a senior discount is a line the customer approves, and the receipt shows it", async ({
  browser,
  office,
  phones,
}) => {
  test.slow();
  const { customerDigits, jobPath } = await dispatchNewLead(office.page, { textConsent: true });
  const customerPath = await customerPagePath(phones, customerDigits);
  await office.context.close();
  const job = await acceptOnPhone(browser, jobPath);
  await job.getByLabel("Line 1: what").fill("Lockout service");
  await job.getByLabel("Line 1: $").fill("125");
  // A discount without its amount is refused beside the field; what was typed stays.
  await job.getByLabel("Which discount").selectOption({ label: "Senior discount" });
  await job.getByRole("button", { name: /^Save the (new )?quote$/ }).click();
  await expect(job.getByText("Enter the discount's amount in dollars")).toBeVisible();
  await expect(job.getByLabel("Which discount")).toHaveValue("senior");
  await expect(job.getByLabel("Line 1: $")).toHaveValue("125");
  await expectNoAxeViolations(job, "job page with a discount error, 375 px");
  await job.getByLabel("Discount: $").fill("15");
  await job.getByRole("button", { name: /^Save the (new )?quote$/ }).click();
  await expect(job.getByText("Quote saved.")).toBeVisible();

  // The customer sees the discount as a line of the price they approve, on their phone.
  const customer = await newClient(browser, { viewport: MOBILE });
  const visit = customer.page;
  await visit.goto(customerPath);
  await expect(visit.getByText("Senior discount")).toBeVisible();
  await expect(visit.getByText("-$15.00")).toBeVisible();
  await visit.getByRole("button", { name: "Approve $110.00" }).click();
  await expect(visit.getByText(/approved/i).first()).toBeVisible();
  await expectNoAxeViolations(visit, "customer page with a discounted quote, 375 px");

  await job.reload();
  await fillCompletion(job, "110", { method: "Cash", holder: "I do" });
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();

  await visit.goto(`${customerPath}/receipt`);
  const receipt = visit.getByRole("region", { name: /^Receipt [0-9A-F]{8}$/ });
  const items = receipt.locator('[data-receipt="items"]');
  await expect(items).toContainText("Lockout service$125.00");
  await expect(items).toContainText("Senior discount-$15.00");
  const totals = receipt.locator('[data-receipt="totals"]');
  await expect(totals).toContainText("Approved quote$110.00, approved");
  // Nothing more came off at the end: no second discount row.
  await expect(totals).not.toContainText("Discount");
  await expect(totals).toContainText("Final price$110.00");
  await expectNoAxeViolations(visit, "receipt with a senior discount, 375 px");
  await shot(visit, "receipt-senior-discount-375");
  await customer.context.close();
});

test("a customer without texts gets a receipt by QR", async ({ browser, office, phones }) => {
  test.slow();
  const { customerDigits, jobPath } = await dispatchNewLead(office.page);
  const job = await acceptOnPhone(browser, jobPath);
  await quoteAndComplete(job, phones, "150", { method: "Card on site" });
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();
  // No text ever took the customer their page.
  expect(phones.textsTo(customerDigits).join("\n")).not.toMatch(TOKEN_IN_CLEAR);

  // The completion screen: a QR code of the customer's page, with a caption; the link is in
  // the image, never written out.
  const qr = job.getByRole("img", {
    name: "QR code: opens the customer's receipt and review link",
  });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  await expect(job.getByText(/scan this with their phone's camera/)).toBeVisible();
  const target = (await qr.getAttribute("data-qr-target"))!;
  expect(target).toMatch(TOKEN_IN_CLEAR);
  expect(await job.locator("body").innerText()).not.toMatch(TOKEN_IN_CLEAR);
  await expectNoAxeViolations(job, "completion screen with the receipt QR code, 375 px");
  await shot(job, "completion-375");
  await job.setViewportSize(DESKTOP);
  await shot(job, "completion-1280");
  // The same code each time the screen opens.
  await job.reload();
  await expect(qr).toHaveAttribute("data-qr-target", target);

  // Scanned: the customer's page, with the receipt and the review link.
  const customer = await newClient(browser, { viewport: MOBILE });
  const visit = customer.page;
  await visit.goto(new URL(target).pathname);
  await expect(visit.getByRole("region", { name: /^Receipt [0-9A-F]{8}$/ })).toBeVisible();
  await expect(visit.locator('[data-receipt="totals"]')).toContainText("Final price$150.00");
  await expect(visit.getByRole("heading", { level: 2, name: "How did we do?" })).toBeVisible();
  await expectNoAxeViolations(visit, "customer page opened from the QR code, 375 px");
  await visit.getByRole("link", { name: "Open the receipt" }).click();
  await expect(visit.getByRole("heading", { level: 1, name: /^Receipt / })).toBeVisible();
});
