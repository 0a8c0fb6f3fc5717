import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { MOBILE, nextVisitPoll } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { customerPagePath, dispatchNewLead, quoteOnJobPage } from "./support/dispatch-helpers";

/*
 * The customer's page keeps itself current, and the customer is texted at each money moment
 * (issue 44, case 5): a price given on site appears on the page they hold open, without a
 * tap, and reaches their phone as a text with the page to answer it; the job done comes as one
 * text with the receipt and the review link.
 */

test.use({ texting: true });

test("the customer's open page shows the locksmith's price by itself, and the price is texted", async ({
  browser,
  office,
  phones,
}, testInfo) => {
  const { jobPath, customerDigits } = await dispatchNewLead(office.page, { textConsent: true });
  const customerPath = await customerPagePath(phones, customerDigits);
  await office.context.close();

  const customer = await newClient(browser, { viewport: MOBILE });
  await customer.page.clock.install();
  await customer.page.goto(customerPath);
  // Offered, not accepted: nobody is named yet (issue 45).
  await expect(
    customer.page.getByRole("heading", { level: 1, name: "We are finding your locksmith" }),
  ).toBeVisible();
  await expect(customer.page.locator('[data-island="visit-live"]')).toHaveAttribute(
    "data-island-ready",
    "",
  );
  const loads: string[] = [];
  customer.page.on("load", () => loads.push(customer.page.url()));

  const locksmith = await newClient(browser, { viewport: MOBILE });
  await locksmith.page.goto(jobPath);
  await locksmith.page.getByRole("button", { name: "Accept the job" }).click();
  // Accepted (the customer's phone hears who): at its next poll the open page names them by
  // itself.
  await expect
    .poll(() => phones.textsTo(customerDigits).join(" | "))
    .toMatch(/is assigned to your request/);
  await nextVisitPoll(customer.page);
  await expect(
    customer.page.getByRole("heading", { level: 1, name: "Your locksmith is assigned" }),
  ).toBeVisible();
  const textsBefore = phones.textsTo(customerDigits).length;
  await quoteOnJobPage(locksmith.page, "135");

  // Nobody touches the customer's page: at its next poll it shows the price to approve.
  await nextVisitPoll(customer.page);
  await expect(customer.page.getByRole("button", { name: "Approve $135.00" })).toBeVisible();
  expect(loads.length).toBeGreaterThan(0);
  await expectNoAxeViolations(customer.page, "customer page after the price appeared, 375 px");
  await customer.page.screenshot({ path: testInfo.outputPath("price-appeared-375.png") });

  // The same price reached their phone, with their page to answer it.
  await expect
    .poll(() => phones.textsTo(customerDigits).slice(textsBefore).join("\n"))
    .toMatch(
      /the price for your .* is \$135\.00\. It waits for your approval, and nothing is charged unless you approve it: \S+\/t\/[A-Za-z0-9_-]{43}/,
    );

  // Approved on the page, the page stops asking once the job is done and its receipt is shown.
  await customer.page.getByRole("button", { name: "Approve $135.00" }).click();
  await expect(customer.page.getByText("Thank you: the quote is approved.")).toBeVisible();
  await locksmith.page.reload();
  await locksmith.page.getByLabel("Final price charged ($)").fill("135");
  await locksmith.page.getByRole("radio", { name: "Cash", exact: true }).check();
  await locksmith.page.getByRole("radio", { name: /^I do/ }).check();
  await locksmith.page.getByRole("button", { name: "Complete the job" }).click();

  // One text for the job done: the price, the receipt (their page) and the review link.
  await expect
    .poll(() => phones.textsTo(customerDigits).at(-1) ?? "")
    .toMatch(
      /your .* is done, \$135\.00\.[^]*Your receipt: \S+\/t\/[A-Za-z0-9_-]{43}\nHow did .* do\? Tell us in a minute: \S+\/review\//,
    );
  expect(phones.textsTo(customerDigits).at(-1)).not.toMatch(/Left to pay/);
  // And the open page turns into the receipt at its next poll.
  await nextVisitPoll(customer.page);
  await expect(
    customer.page.getByRole("heading", { level: 1, name: "Job done: thank you" }),
  ).toBeVisible();
  await expect(customer.page.locator('[data-island="visit-live"]')).toHaveCount(0);
  await customer.context.close();
  await locksmith.context.close();
});
