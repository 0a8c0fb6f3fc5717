import crypto from "node:crypto";
import { expect, test } from "./support/test";
import { twilioPost } from "./support/twilio-post";
import { newClient } from "./support/auth-helpers";
import { MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe } from "./support/screen-checks";
import { customerPagePath, dispatchNewLead } from "./support/dispatch-helpers";

/*
 * Masked calls (issue 50, decision 0071), as the two people on a job use them at 375 px: the
 * locksmith's page shows no customer number and its "Call the customer" rings the locksmith
 * first; the customer's page offers "Call your locksmith" once a locksmith has taken the
 * job, and it rings the customer first. Each call is placed through Twilio's SDK and caught
 * by the fake Twilio; the bridge's TwiML is tested in masked-calls.server.test.ts. Texts go the
 * same way: the locksmith's from the job page, the customer's reply to the business number
 * (a signed webhook) on to the locksmith's phone and page.
 */

test.use({ texting: true });

test("the locksmith and the customer call each other through the business line at 375 px", async ({
  browser,
  office,
  phones,
}, testInfo) => {
  test.slow();
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
  // This job's bridge calls only: an earlier test's lead may still ring its on-call person
  // through this worker's fake Twilio (a run of several specs saw one such call here).
  const bridged = () =>
    phones.calls.slice(callsBefore).filter((placed) => placed.url?.includes("/twilio/bridge?"));
  const toLocksmith = bridged();
  expect(toLocksmith.map((call) => call.to)).toEqual([`+1${smithPhone.digits}`]);
  expect(toLocksmith[0]!.url).toMatch(/\/api\/webhooks\/twilio\/bridge\?assignment=[0-9a-f-]{36}$/);

  await customer.reload();
  const call = customer.getByRole("button", { name: "Call your locksmith" });
  await expect(call).toBeVisible();
  await expectFitsAndPassesAxe(customer, "customer page with Call your locksmith, 375 px");
  await customer.screenshot({ path: testInfo.outputPath("customer-call-375.png"), fullPage: true });
  await call.click();
  await expect(
    customer.getByText("We are calling you now: answer, and we connect you to your locksmith."),
  ).toBeVisible();
  const toCustomer = bridged().slice(1);
  expect(toCustomer.map((placed) => placed.to)).toEqual([`+1${customerDigits}`]);
  expect(toCustomer[0]!.url).toMatch(/&to=locksmith$/);
  // The business line shows on both phones: the fake saw the Twilio number as the caller.
  expect(new Set([...toLocksmith, ...toCustomer].map((placed) => placed.from))).toEqual(
    new Set(["+17085550100"]),
  );
});

test("the locksmith and the customer text each other through the business line at 375 px", async ({
  browser,
  office,
  phones,
  request,
  siteServer,
}, testInfo) => {
  test.slow();
  const { jobPath, customerDigits, smithPhone } = await dispatchNewLead(office.page, {
    textConsent: true,
  });
  await office.context.close();

  const job = (await newClient(browser, { viewport: MOBILE })).page;
  await job.goto(jobPath);
  // An offer is nobody's job yet: no texting until the locksmith accepts.
  await expect(job.getByText("You can text the customer once you accept the job.")).toBeVisible();
  await job.getByRole("button", { name: "Accept the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job accepted" })).toBeVisible();
  await job.getByRole("textbox", { name: "Text the customer" }).fill("I am outside the blue door.");
  await job.getByRole("button", { name: "Send the text" }).click();
  await expect(
    job.getByText("Text sent to the customer from the business's number."),
  ).toBeVisible();
  await expect
    .poll(() => phones.created.filter((text) => text.body.includes("outside the blue door")))
    .toEqual([expect.objectContaining({ to: `+1${customerDigits}`, from: "+17085550100" })]);

  // The customer answers the business number; the locksmith gets it by text and on the page.
  await twilioPost(request, siteServer.origin, "/api/webhooks/twilio/incoming", {
    AccountSid: `AC${"a".repeat(32)}`,
    MessageSid: `SM${crypto.randomBytes(16).toString("hex")}`,
    From: `+1${customerDigits}`,
    To: "+17085550100",
    Body: "Coming down now, 2 minutes",
  });
  await expect
    .poll(() => phones.textsTo(smithPhone.digits).join("\n"))
    .toContain("Coming down now, 2 minutes");
  expect(phones.textsTo(smithPhone.digits).join("\n").replace(/\D/g, "")).not.toContain(
    customerDigits,
  );
  await job.reload();
  const texts = job.getByRole("region", { name: "Texts with the customer" });
  await expect(texts.getByText("I am outside the blue door.")).toBeVisible();
  await expect(texts.getByText("Coming down now, 2 minutes")).toBeVisible();
  expect((await job.content()).replace(/\D/g, "")).not.toContain(customerDigits);
  await expectFitsAndPassesAxe(job, "job page with the customer's texts, 375 px");
  await job.screenshot({ path: testInfo.outputPath("job-texts-375.png"), fullPage: true });
});
