import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE, waitForHydration } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import {
  acceptedJob,
  fillCompletion,
  quoteApprovedInPerson,
  quoteOnJobPage,
} from "./support/dispatch-helpers";
import { leadTimeline } from "./support/roster-helpers";

// The customer's phone is the fake Twilio the server texts through: only it gets their link.
test.use({ texting: true });
// Each test walks a whole job in the browser: three times the usual timeout.
test.slow();

/*
 * A typo cannot reach the customer as a price (issue 44, decision 0055): a quote beyond the
 * sanity bounds (3× the top, a third of the bottom of the usual range) waits for the office,
 * which is alerted and confirms or rejects it; the customer's page shows the usual range beside
 * any quote. And where no code can reach the customer's phone, the customer signs on the
 * locksmith's screen.
 */

const USUAL = "Usual price for car keys: $125.00–$350.00";
const HELD_RULE = "A quote far from the usual price waits for your confirmation";

test("an $18,500 lockout re-quote waits for the office and never reaches the customer until confirmed", async ({
  browser,
  owner,
  phones,
}) => {
  const { office, job, leadPath, customerPath, name } = await acceptedJob(browser, owner, phones);
  await quoteApprovedInPerson(job, phones, "185");
  // A customer a code can reach does not sign on the locksmith's screen.
  await expect(job.getByRole("heading", { name: "Customer signs here" })).toHaveCount(0);

  // The slip: $18,500 for a lockout, with a one-word reason.
  await quoteOnJobPage(job, "18500", "ok");
  await expect(
    job.getByText(
      "Quote saved. It is far from the usual price, so it waits for the office to confirm it before the customer sees it.",
    ),
  ).toBeVisible();
  await expect(
    job.getByRole("heading", { name: "Your new quote waits for the office" }),
  ).toBeVisible();
  await expectFitsAndPassesAxe(job, "job page with a quote held for the office, 375 px");
  // The form starts afresh: the slip is not left in it to save again.
  await expect(job.getByLabel("Total ($)", { exact: true })).toHaveValue("185.00");
  await job.screenshot({ path: test.info().outputPath("job-quote-held.png"), fullPage: true });

  // The customer's page: the approved $185 and the usual range; no $18,500 and nothing to approve.
  const customer = await newClient(browser, { viewport: MOBILE });
  await customer.page.goto(customerPath);
  const quote = customer.page.getByRole("region", { name: "The price, before any work" });
  await expect(quote).toContainText("$185.00");
  await expect(quote).toContainText(USUAL);
  await expect(customer.page.getByText("$18,500.00")).toHaveCount(0);
  await expect(customer.page.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expectNoAxeViolations(customer.page, "customer page while a quote waits, 375 px");

  // The office is alerted (Needs attention) and confirms on the lead page.
  await gotoHydrated(office.page, "/admin");
  const queue = office.page.getByRole("list", { name: "Requests that need attention" });
  const alert = queue.getByRole("listitem").filter({ hasText: name });
  await expect(alert).toContainText(HELD_RULE);
  await alert.getByRole("link").click();
  await expect(office.page).toHaveURL(new RegExp(`${leadPath}$`));
  const held = office.page.getByRole("article", { name: "Quote of $18,500.00" });
  await expect(held).toContainText("$18,500.00 is more than 3 times the usual top price ($350.00)");
  await expect(held).toContainText("Locksmith's reason: ok");
  await expectNoAxeViolations(office.page, "lead page with a held quote, 1280 px");
  await held.screenshot({ path: test.info().outputPath("office-held-quote.png") });
  await held.getByRole("button", { name: "Confirm $18,500.00: send it to the customer" }).click();
  await expectToast(office.page, "Quote confirmed: it went to the customer");
  await expect(held).toHaveCount(0);

  // Now, and only now, the customer sees it, beside the usual range.
  await customer.page.reload();
  await expect(quote).toContainText("$18,500.00");
  await expect(quote).toContainText(USUAL);
  await expect(customer.page.getByRole("button", { name: "Approve $18,500.00" })).toBeVisible();
  await expectNoAxeViolations(customer.page, "customer page with the confirmed quote, 375 px");
  await customer.page.screenshot({
    path: test.info().outputPath("customer-usual-range.png"),
    fullPage: true,
  });

  // Another slip, rejected: the locksmith reads why; the customer still sees $18,500.
  await job.reload();
  await quoteOnJobPage(job, "25000", "ok");
  await gotoHydrated(office.page, leadPath);
  const second = office.page.getByRole("article", { name: "Quote of $25,000.00" });
  await second.getByRole("button", { name: "Reject the quote" }).click();
  await expect(second.getByText("Say why, for the locksmith")).toBeVisible();
  await second.getByLabel("Why not (the locksmith reads it)").fill("Call me: a lockout is $185.");
  await second.getByRole("button", { name: "Reject the quote" }).click();
  await expectToast(office.page, "Quote rejected: the locksmith sees why");
  await expect(leadTimeline(office.page)).toContainText("Office rejected the quote of $25,000.00");
  await job.reload();
  await expect(
    job.getByRole("heading", { name: "The office did not confirm your quote" }),
  ).toBeVisible();
  await expect(job.getByText("The office says: Call me: a lockout is $185.")).toBeVisible();
  await expectNoAxeViolations(job, "job page with a rejected quote, 375 px");
  await customer.page.reload();
  await expect(customer.page.getByText("$25,000.00")).toHaveCount(0);
  await expect(quote).toContainText("$18,500.00");
});

test("a customer no code can reach approves with their signature on the locksmith's screen", async ({
  browser,
  owner,
  phones,
}) => {
  const { office, job, leadPath, customerPath, name } = await acceptedJob(browser, owner, phones);
  await quoteOnJobPage(job, "185");
  await expect(job.getByRole("heading", { name: "Customer signs here" })).toHaveCount(0);

  // The code cannot reach the phone (Twilio refuses the number: a landline).
  phones.script.push("refused");
  await job.getByRole("button", { name: "Text the customer a code" }).click();
  await expect(job.getByText("We texted the customer a 6-digit code.")).toBeVisible();
  const signs = job.getByRole("heading", { name: "Customer signs here" });
  await expect(async () => {
    await job.reload();
    await expect(signs).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // The customer draws, types their name and ticks the box.
  const pad = job.getByRole("img", { name: "Your signature (optional: draw with a finger)" });
  await waitForHydration(job);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await job.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await job.mouse.down();
  await job.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.2, { steps: 8 });
  await job.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 8 });
  await job.mouse.up();
  await expect(job.getByText("Signed.", { exact: true })).toBeVisible();
  await job.getByLabel("Your full name (the customer)").fill(name);
  await job.getByRole("checkbox", { name: /^I am the customer\. I approve \$185\.00/ }).check();
  await expectFitsAndPassesAxe(job, "job page with the customer's signature, 375 px");
  await job.screenshot({ path: test.info().outputPath("job-signature.png"), fullPage: true });
  await job.getByRole("button", { name: "Customer approves $185.00" }).click();
  await expect(
    job.getByText("The customer approved the quote with their signature. You can start the work."),
  ).toBeVisible();
  await expect(
    job.getByText(`Approved: approved by signature on the locksmith's device by ${name}`),
  ).toBeVisible();

  await fillCompletion(job, "185", { method: "Cash", holder: "I do" });
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();

  // The receipt says how it was approved, and when.
  const customer = await newClient(browser, { viewport: MOBILE });
  await customer.page.goto(customerPath);
  await expect(customer.page.locator('[data-receipt="totals"]')).toContainText(
    "ApprovalApproved by signature on the locksmith's device, ",
  );
  await expectNoAxeViolations(customer.page, "receipt of a signature approval, 375 px");

  // So does the lead's timeline.
  await gotoHydrated(office.page, leadPath);
  await expect(leadTimeline(office.page)).toContainText(
    `Approved by signature on the locksmith's device, signed "${name}"`,
  );
});
