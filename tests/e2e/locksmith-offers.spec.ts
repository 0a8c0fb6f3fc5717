import { expect, test, type Page } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE, nextVisitPoll } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { dispatchFromLeadPage, dispatchNewLead } from "./support/dispatch-helpers";
import {
  addLead,
  createLocksmith,
  openListedLead,
  openLocksmithPage,
  postAction,
  quietClient,
  uniquePhone,
  uniqueTag,
  uniqueZip,
} from "./support/roster-helpers";

/*
 * The locksmith's and the office's sides of issue 46 (decision 0057): the personal link shows
 * a new offer by itself, with its deadline and a countdown, the same deadline as the text;
 * the job page puts On my way above the quote. Cancelling a lead asks first and texts the
 * customer, through Twilio's SDK to the fake Twilio.
 */

test.use({ texting: true });

/** The office texts a locksmith their own link; the link, as their phone got it. */
async function personalLink(
  page: Page,
  phones: { textsTo(phone: string): string[] },
  name: string,
  digits: string,
): Promise<string> {
  await openLocksmithPage(page, name);
  await page.getByRole("button", { name: "Text them their link" }).click();
  await expectToast(page, "Link queued");
  let link = "";
  await expect
    .poll(() => {
      link = /\/l\/[A-Za-z0-9_-]{43}/.exec(phones.textsTo(digits).join("\n"))?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

test("at 375 px the locksmith's link shows a new offer by itself, with the text's deadline and a countdown", async ({
  browser,
  owner,
  phones,
}, testInfo) => {
  test.slow();
  const office = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
  const tag = uniqueTag();
  const zip = uniqueZip();
  const smith = `Lia Live ${tag}`;
  const smithPhone = uniquePhone();
  await createLocksmith(office.page, { name: smith, phone: smithPhone.typed, zips: zip });
  const link = await personalLink(office.page, phones, smith, smithPhone.digits);

  const phone = await newClient(browser, { viewport: MOBILE });
  await phone.page.clock.install();
  await phone.page.goto(link);
  await expect(
    phone.page.getByRole("heading", { level: 1, name: "You are Available" }),
  ).toBeVisible();
  await expect(phone.page.getByText(/^Since .+, until \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
  await expect(phone.page.getByText("None right now.")).toBeVisible();
  await expect(phone.page.locator('[data-island="visit-live"]')).toHaveAttribute(
    "data-island-ready",
    "",
  );

  // The office sends them a lead; nobody touches the locksmith's page.
  const customer = `Olu Offer ${tag}`;
  await addLead(office.page, { name: customer, phone: uniquePhone().typed, zip });
  await office.page.getByLabel("Search leads").fill(customer);
  await expect(office.page).toHaveURL(/[?&]q=/);
  await openListedLead(office.page, customer);
  await dispatchFromLeadPage(office.page, smith);
  // Sent (the locksmith's phone has the text): at its next poll the open page shows it.
  await expect.poll(() => phones.textsTo(smithPhone.digits).join("\n")).toContain("Answer by");
  await nextVisitPoll(phone.page);

  const offer = phone.page.getByRole("listitem").filter({ hasText: "Offered to you" });
  await expect(offer).toBeVisible();
  const deadline = offer.getByText(/^Answer by \d{1,2}:\d{2} [AP]M · /);
  await expect(deadline).toBeVisible();
  const answerBy = /Answer by (\d{1,2}:\d{2} [AP]M)/.exec(await deadline.innerText())![1]!;
  // The countdown runs: about ten minutes, less a few seconds a little later.
  const countdown = offer.locator('[data-island="countdown"]');
  await expect(countdown).toHaveAttribute("data-island-ready", "");
  await expect(countdown).toHaveText(/^(10:00|9:[0-5]\d) left$/);
  const first = await countdown.innerText();
  await expect(countdown).not.toHaveText(first, { timeout: 5_000 });
  await expectNoAxeViolations(phone.page, "the locksmith's page with an offer, 375 px");
  await phone.page.screenshot({ path: testInfo.outputPath("offer-375.png") });

  // The text said the same deadline, and no longer a code valid for a day.
  const offerText = phones.textsTo(smithPhone.digits).at(-1) ?? "";
  expect(offerText).toContain(`Answer by ${answerBy}, or it goes to someone else`);
  expect(offerText).not.toContain("Code valid until");

  // The offer's page says it too; once accepted, On my way comes before the quote.
  await offer.getByRole("button", { name: /^Open the offer/ }).click();
  await expect(phone.page.getByText(`Answer by ${answerBy} ·`)).toBeVisible();
  await phone.page.getByRole("button", { name: "Accept the job" }).click();
  const onMyWay = phone.page.getByRole("button", { name: "On my way" });
  await expect(onMyWay).toBeVisible();
  // What comes after the trip: the door check where the job opens something, else the quote.
  const next = phone.page
    .getByRole("heading", { name: "Check ID and the right to enter" })
    .or(phone.page.getByRole("button", { name: /quote/i }))
    .first();
  expect((await onMyWay.boundingBox())!.y).toBeLessThan((await next.boundingBox())!.y);
  await phone.page.getByLabel("Minutes until you arrive").fill("12");
  await onMyWay.click();
  await expect(phone.page.getByRole("button", { name: "I have arrived" })).toBeVisible();
  await expectNoAxeViolations(phone.page, "the job page on the way, 375 px");
  await phone.context.close();
  await office.context.close();
});

test("at 1280 px cancelling a lead asks first, then texts the customer and the locksmith on the way", async ({
  browser,
  owner,
  phones,
}) => {
  test.slow();
  const office = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
  const { name, smith, smithPhone, customerDigits, leadPath, jobPath } = await dispatchNewLead(
    office.page,
    { textConsent: true },
  );
  const locksmith = await newClient(browser, { viewport: MOBILE });
  await locksmith.page.goto(jobPath);
  await locksmith.page.getByRole("button", { name: "Accept the job" }).click();
  await locksmith.page.getByLabel("Minutes until you arrive").fill("12");
  await locksmith.page.getByRole("button", { name: "On my way" }).click();
  await expect
    .poll(() => phones.textsTo(customerDigits).join("\n"))
    .toMatch(/is on the way, about 12 minutes out/);

  await gotoHydrated(office.page, leadPath);
  const status = office.page.getByLabel(`Status of the lead from ${name}`);
  await expect(status).toHaveValue("in_progress");

  // No: nothing happens.
  const asked = office.page.waitForEvent("dialog");
  office.page.once("dialog", (dialog) => void dialog.dismiss());
  await status.selectOption("cancelled");
  expect((await asked).message()).toBe(
    `Cancel the lead from ${name}? The customer is texted that nobody is coming (if they agreed to texts). ${smith} is taken off it and told.`,
  );
  await expect(status).toHaveValue("in_progress");

  // Without JavaScript's confirm, the server refuses an unconfirmed Cancelled.
  const leadId = leadPath.split("/").pop()!;
  await postAction(office, leadPath, { intent: "status", leadId, status: "cancelled" });
  await office.page.reload();
  await expect(status).toHaveValue("in_progress");
  expect(phones.textsTo(customerDigits).join("\n")).not.toMatch(/cancelled/);

  // Yes: cancelled, and both phones hear of it.
  office.page.once("dialog", (dialog) => void dialog.accept());
  await status.selectOption("cancelled");
  await expectToast(office.page, "Lead status updated", { description: "Now Cancelled." });
  await expect
    .poll(() => phones.textsTo(customerDigits).at(-1) ?? "")
    .toMatch(
      /your request for .+ is cancelled, and nobody is coming\. If that is a mistake, or you still need a locksmith, call .+\nReply STOP to opt out\./,
    );
  await expect
    .poll(() => phones.textsTo(smithPhone.digits).at(-1) ?? "")
    .toMatch(/you are off the job .* The job was cancelled\. Do not go\./);
  await expectNoAxeViolations(office.page, "the cancelled lead at 1280 px");
  await locksmith.context.close();
  await office.context.close();
});
