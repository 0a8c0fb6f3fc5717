import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, MOBILE } from "./support/browser";
import { customerPagePath, dispatchNewLead } from "./support/dispatch-helpers";

/*
 * Masked calls (issue 50, decision 0071), as the two people on a job use them at 375 px: the
 * locksmith's page shows no customer number and its "Call the customer" rings the locksmith
 * first; the customer's page offers "Call your locksmith" once a locksmith has taken the
 * job, and it rings the customer first. Each call is placed through Twilio's SDK and caught
 * by the fake Twilio; the bridge's TwiML is tested in masked-calls.server.test.ts.
 */

test.use({ texting: true });

test("the locksmith and the customer call each other through the business line at 375 px", async ({
  browser,
  owner,
  phones,
}, testInfo) => {
  test.slow();
  const office = await newClient(browser, { storageState: owner, viewport: DESKTOP });
  const { jobPath, customerDigits, smithPhone } = await dispatchNewLead(office.page, {
    textConsent: true,
  });
  const customerPath = await customerPagePath(phones, customerDigits);
  await office.context.close();

  const customer = (await newClient(browser, { viewport: MOBILE })).page;
  await customer.goto(customerPath);
  // Offered only: nobody holds the job, so there is nobody to call yet.
  await expect(
    customer.getByRole("heading", { level: 1, name: "We are finding your locksmith" }),
  ).toBeVisible();
  await expect(customer.getByRole("button", { name: "Call your locksmith" })).toHaveCount(0);

  const job = (await newClient(browser, { viewport: MOBILE })).page;
  await job.goto(jobPath);
  await job.getByRole("button", { name: "Accept the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job accepted" })).toBeVisible();
  expect((await job.content()).replace(/\D/g, "")).not.toContain(customerDigits);
  const callsBefore = phones.calls.length;
  await job.getByRole("button", { name: "Call the customer" }).click();
  await expect(job.getByText("We are calling your phone now.")).toBeVisible();
  const toLocksmith = phones.calls.slice(callsBefore);
  expect(toLocksmith.map((call) => call.to)).toEqual([`+1${smithPhone.digits}`]);
  expect(toLocksmith[0]!.url).toMatch(/\/api\/webhooks\/twilio\/bridge\?assignment=[0-9a-f-]{36}$/);

  await customer.reload();
  const call = customer.getByRole("button", { name: "Call your locksmith" });
  await expect(call).toBeVisible();
  await expectNoAxeViolations(customer, "customer page with Call your locksmith, 375 px");
  await expectNoSidewaysScroll(customer, "customer page at 375 px");
  await customer.screenshot({ path: testInfo.outputPath("customer-call-375.png"), fullPage: true });
  await call.click();
  await expect(
    customer.getByText("We are calling you now: answer, and we connect you to your locksmith."),
  ).toBeVisible();
  const toCustomer = phones.calls.slice(callsBefore + 1);
  expect(toCustomer.map((placed) => placed.to)).toEqual([`+1${customerDigits}`]);
  expect(toCustomer[0]!.url).toMatch(/&to=locksmith$/);
  // The business line shows on both phones: the fake saw the Twilio number as the caller.
  expect(new Set([...toLocksmith, ...toCustomer].map((placed) => placed.from))).toEqual(
    new Set(["+17085550100"]),
  );
});
