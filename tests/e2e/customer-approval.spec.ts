import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import {
  acceptedJob,
  lastTexted,
  quoteAndComplete,
  quoteOnJobPage,
} from "./support/dispatch-helpers";
import { visibleItem } from "./support/jobs-helpers";
import { leadTimeline } from "./support/roster-helpers";

// The customer's phone is the fake Twilio the server texts through: only it gets their link
// and their code.
test.use({ texting: true });

/*
 * Approval only by the customer (issue 44, case 3): the locksmith's screen cannot approve a
 * quote for the customer; in person, the customer reads out the code texted to their own
 * phone, and is texted what they approved. The office never sees a customer's link or code:
 * the timeline and Messages mask them, and a text that carried one is sent again, not copied.
 */

const OFFICE_RAISE = "Why: The office changed the price: it needs your approval.";
const TOKEN_IN_CLEAR = /\/(t|review)\/[A-Za-z0-9_-]{43}/;

test("a locksmith cannot approve without the customer's code; the customer is told; the office sees no live token", async ({
  browser,
  owner,
  phones,
}) => {
  test.slow();
  const { office, job, leadPath, customerPath, customerDigits } = await acceptedJob(
    browser,
    owner,
    phones,
  );
  await quoteOnJobPage(job, "135");

  // Nothing on the locksmith's screen approves by itself: no name to type, no box to tick,
  // and a code nobody texted is refused.
  await expect(job.getByLabel("Customer's name")).toHaveCount(0);
  await expect(job.getByRole("checkbox")).toHaveCount(0);
  const code = job.getByLabel("Code from the customer's text");
  await code.fill("123456");
  await job.getByRole("button", { name: "Approve with the code" }).click();
  await expect(
    job.getByText("This code has expired or was never sent: text the customer a new one."),
  ).toBeVisible();
  await expectNoAxeViolations(job, "job page refusing a code nobody texted, 375 px");

  // The customer's phone gets the code; a wrong one is refused, theirs approves.
  const before = phones.created.length;
  await job.getByRole("button", { name: "Text the customer a code" }).click();
  await expect(job.getByText("We texted the customer a 6-digit code.")).toBeVisible();
  const texted = await lastTexted(phones, /your code to approve \$135\.00 .* is (\d{6})\./, before);
  await code.fill(texted === "000000" ? "000001" : "000000");
  await job.getByRole("button", { name: "Approve with the code" }).click();
  await expect(
    job.getByText("That is not the code we texted. Check it with the customer and type it again."),
  ).toBeVisible();
  await expect(job.getByText("Waiting for the customer's approval")).toBeVisible();
  await code.fill(texted);
  await job.getByRole("button", { name: "Approve with the code" }).click();
  await expect(
    job.getByText("The customer approved the quote with their code. You can start the work."),
  ).toBeVisible();
  await expect(
    job.getByText("Approved: approved in person with the code texted to the customer"),
  ).toBeVisible();
  await expectNoAxeViolations(job, "job page with a quote approved by code, 375 px");

  // Every approval is confirmed to the customer, with the number to call if it was not them.
  await expect
    .poll(() => phones.textsTo(customerDigits).at(-1))
    .toMatch(
      /: you approved \$135\.00 for car lock service\. If this was not you, call \(\d{3}\) /,
    );

  // Their own page says the same.
  const customer = await newClient(browser, { viewport: MOBILE });
  await customer.page.goto(customerPath);
  await expect(
    customer.page.getByText("Approved: approved in person with the code texted to the customer"),
  ).toBeVisible();

  // The office: the timeline tells it all, with the customer's link and the code masked.
  await gotoHydrated(office.page, leadPath);
  const timeline = leadTimeline(office.page);
  await expect(timeline).toContainText("Approved in person with the code texted to the customer");
  await expect(timeline).toContainText("Approval code texted to the customer for $135.00");
  await expect(timeline).toContainText(`/t/••••${customerPath.slice(-4)}`);
  await expect(timeline).toContainText("is ••••••.");
  const html = await office.page.content();
  expect(html).not.toMatch(TOKEN_IN_CLEAR);
  expect(html).not.toContain(texted);
  await expectNoAxeViolations(office.page, "lead timeline with masked links, 1280 px");

  // Messages: masked too; the first text to the customer (we are finding your locksmith,
  // with their page) is sent again, never copied.
  await gotoHydrated(office.page, `/admin/messages?q=${customerDigits}`);
  const rows = office.page.locator("table tbody tr");
  const dispatched = rows.filter({ hasText: "Follow your request" });
  await expect(dispatched).toContainText(`/t/••••${customerPath.slice(-4)}`);
  expect(await office.page.content()).not.toMatch(TOKEN_IN_CLEAR);
  await expect(office.page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await expectNoAxeViolations(office.page, "Messages with masked links, 1280 px");
  const sentBefore = phones.textsTo(customerDigits).length;
  await dispatched.getByRole("button", { name: "Resend" }).click();
  await expectToast(office.page, "Text queued again");
  await expect
    .poll(() => phones.textsTo(customerDigits).slice(sentBefore).join("\n"))
    .toContain(customerPath);
});

/*
 * Any price above the approved quote needs the customer's new approval (issue 44, case 4):
 * the office's Edit Pricing shows the approved quote, and a higher price waits on the
 * customer; the receipt never reads "Approved $210 / Final $260".
 */
test("Edit Pricing above the approved quote waits for the customer, whose approval makes it the price", async ({
  browser,
  owner,
  phones,
}) => {
  test.slow();
  const { office, phone, name } = await acceptedJob(browser, owner, phones);
  await quoteAndComplete(phone.page, phones, "210", { method: "Cash", holder: "I do" });
  await expect(phone.page.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();

  // The office asks $260: the dialog shows what the customer approved; the price stays.
  await gotoHydrated(office.page, `/admin/jobs?q=${encodeURIComponent(name)}`);
  const row = visibleItem(office.page, name);
  await row.getByRole("button", { name: /Edit Pricing/ }).click();
  const dialog = office.page.getByRole("dialog", { name: "Edit pricing" });
  await expect(dialog).toContainText("Approved quote: $210.00");
  await expectNoAxeViolations(office.page, "Edit Pricing with the approved quote, 1280 px");
  await dialog.getByLabel("Final price ($)").fill("260");
  await dialog.getByRole("button", { name: "Save pricing" }).click();
  await expectToast(office.page, "New price waits for the customer");
  await expect(row).toContainText("$210.00");
  await expect(row).not.toContainText("$260.00");

  // The customer's phone is asked; on their page they approve, and it is the price.
  const link = await lastTexted(
    phones,
    /the price for your .* is \$260\.00\. .* unless you approve it: \S+?(\/t\/[A-Za-z0-9_-]{43})/,
  );
  const customer = await newClient(browser, { viewport: MOBILE });
  await customer.page.goto(link);
  await expect(customer.page.getByText(OFFICE_RAISE)).toBeVisible();
  await expectNoAxeViolations(customer.page, "customer page with a new price to approve, 375 px");
  await customer.page.getByRole("button", { name: "Approve $260.00" }).click();
  await expect(customer.page.getByText("Thank you: the quote is approved.")).toBeVisible();
  const receipt = customer.page.locator('[data-receipt="totals"]');
  await expect(receipt).toContainText("Approved quote$260.00, approved");
  await expect(receipt).toContainText("Final price$260.00");
  await expect(row).toContainText("$260.00");
});
