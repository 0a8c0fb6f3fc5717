import { expect, test, type Page } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import {
  approveWithTextedCode,
  chooseLocksmith,
  confirmHeldQuote,
  dispatchNewLead,
  fillCompletion,
  quoteAndComplete,
  quoteApprovedInPerson,
  quoteOnJobPage,
  recordCheckByPhone,
} from "./support/dispatch-helpers";
import { dismissToasts, visibleItem } from "./support/jobs-helpers";
import { lastTwoDaysQuery } from "./support/periods";
import { createLocksmith, leadTimeline } from "./support/roster-helpers";

// The customer's texts (their page's link, the approval code) reach their phone only: staff
// never see them (issue 44), so this file's server texts through a fake Twilio.
test.use({ texting: true });

/*
 * Dispatch off the happy path, as a dispatcher and a locksmith meet it (issue 27, decision
 * 0026): a job given to someone else pays the one who did it and tells the one taken off; a
 * closed lead offers Reopen, not Dispatch, and an old offer dies with its job; the customer
 * is texted once per fact; a price far outside the usual asks for a second tap.
 */

/** The outbox rows for one phone number (of one purpose), as the Messages page lists them. */
async function outbox(page: Page, digits: string, purpose?: string) {
  await gotoHydrated(page, `/admin/messages?q=${digits}${purpose ? `&purpose=${purpose}` : ""}`);
  return page.locator("table tbody tr").filter({ visible: true });
}

test("reassigning a job on the way: the first locksmith is told and closed out, the second completes and is paid", async ({
  browser,
  office,
  phones,
}) => {
  test.slow();
  const first = await dispatchNewLead(office.page);

  // A accepts and is on the way.
  const phoneA = await newClient(browser, { viewport: MOBILE });
  await phoneA.page.goto(first.jobPath);
  await phoneA.page.getByRole("button", { name: "Accept the job" }).click();
  await phoneA.page.getByLabel("Minutes until you arrive").fill("25");
  await phoneA.page.getByRole("button", { name: "On my way" }).click();
  await expect(phoneA.page.getByRole("heading", { level: 1, name: "On the way" })).toBeVisible();

  // B covers the same ZIP, at 50%.
  const second = `Bo Backup ${first.zip}`;
  await createLocksmith(office.page, {
    name: second,
    zips: first.zip,
    cut: "50",
  });

  // The lead offers Reassign (not Dispatch), saying who has it and how far along.
  await gotoHydrated(office.page, first.leadPath);
  await expect(office.page.getByRole("button", { name: /^Dispatch/ })).toHaveCount(0);
  await expect(office.page.getByText(`${first.smith} accepted`).first()).toContainText(
    "on the way, 25 min",
  );
  await office.page.getByRole("button", { name: /^Reassign/ }).click();
  const dialog = office.page.getByRole("dialog", { name: "Reassign the lead" });
  await expect(dialog).toContainText(`${first.smith} accepted`);
  await expect(dialog).toContainText("They are taken off the job and told so");
  // The one who has it is not offered again.
  await expect(dialog.getByRole("option", { name: first.smith })).toHaveCount(0);
  await chooseLocksmith(dialog.getByLabel("Give it to"), second);
  await dialog.getByRole("button", { name: "Reassign", exact: true }).click();
  await expect(
    dialog.getByText("Say why the job moves: the lead's timeline keeps it."),
  ).toBeVisible();
  await dialog.getByLabel("Why it moves").fill("Stuck on the Dan Ryan");
  await expectNoAxeViolations(office.page, "reassign dialog at 1280 px");
  await dialog.getByRole("button", { name: "Reassign", exact: true }).click();
  const sent = office.page.getByRole("dialog", { name: `Reassigned to ${second}` });
  const text = await sent.getByLabel("Text for the locksmith").inputValue();
  const jobPathB = /\/j\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(jobPathB, text).toBeTruthy();
  await sent.getByRole("button", { name: "Done" }).click();
  const reassigned = leadTimeline(office.page).getByRole("listitem").first();
  await expect(reassigned).toContainText(`Reassigned to ${second}`);
  await expect(reassigned).toContainText("Stuck on the Dan Ryan");

  // A's page, still open, is tapped without a reload: the refusal brings the page as it is
  // now — what happened, without the customer's phone or address, and no old buttons.
  await phoneA.page.getByRole("button", { name: "I have arrived" }).click();
  await expect(
    phoneA.page.getByRole("heading", { level: 1, name: "This job was given to another locksmith" }),
  ).toBeVisible();
  await expect(phoneA.page.getByText("You do not need to go.")).toBeVisible();
  await expect(phoneA.page.getByRole("link", { name: /^Call \(312\)/ })).toHaveCount(0);
  await expect(phoneA.page.getByRole("button", { name: /Complete/ })).toHaveCount(0);
  await expectNoAxeViolations(phoneA.page, "job page given to another locksmith, 375 px");
  await phoneA.page.screenshot({ path: test.info().outputPath("job-reassigned.png") });

  // …and a text tells A they are off the job, with the reason.
  const offJob = await outbox(office.page, first.smithPhone.digits, "locksmith_off_job");
  await expect(offJob).toHaveCount(1);
  await expect(offJob).toContainText("you are off the job");
  await expect(offJob).toContainText("The office gave it to another locksmith. Do not go.");

  // B accepts and completes with $185.
  const phoneB = await newClient(browser, { viewport: MOBILE });
  await phoneB.page.goto(jobPathB!);
  await phoneB.page.getByRole("button", { name: "Accept the job" }).click();
  await quoteAndComplete(phoneB.page, phones, "185");
  await expect(phoneB.page.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();
  await expect(phoneB.page.getByText("your cut $92.50")).toBeVisible();

  // The money follows the one who did the work: the job is B's, B is owed, A is not.
  await gotoHydrated(office.page, `/admin/jobs?q=${encodeURIComponent(first.name)}`);
  const job = visibleItem(office.page, first.name);
  await expect(job).toContainText(second);
  await expect(job).toContainText("Locksmith $92.50 (50%)");
  await expect(job).not.toContainText(first.smith);
  await gotoHydrated(office.page, `/admin/payouts?${lastTwoDaysQuery()}`);
  const owed = office.page.locator("table").first().locator("tbody tr");
  await expect(owed.filter({ hasText: second })).toContainText("$92.50");
  await expect(owed.filter({ hasText: first.smith })).toHaveCount(0);
});

test("a closed lead offers Reopen, not Dispatch; an old offer dies with its job; reopening texts nobody", async ({
  browser,
  owner,
}) => {
  test.slow();
  // The dispatcher on a phone.
  const office = await newClient(browser, { storageState: owner, viewport: MOBILE });
  const { leadPath, jobPath, name, customerDigits } = await dispatchNewLead(office.page, {
    textConsent: true,
  });

  // The office makes the job itself, prices it and completes it, while the offer waits: a car
  // opening, so only after the door check read out to it by phone (decision 0075).
  await gotoHydrated(office.page, leadPath);
  await office.page.getByRole("button", { name: /^Create job/ }).click();
  await expect(office.page).toHaveURL(/\/admin\/jobs\?/);
  const job = visibleItem(office.page, name);
  await recordCheckByPhone(office.page, job);
  await job.getByRole("button", { name: /Edit Pricing/ }).click();
  const pricing = office.page.getByRole("dialog", { name: "Edit pricing" });
  await pricing.getByLabel("Final price ($)").fill("150");
  await pricing.getByRole("button", { name: "Save pricing" }).click();
  await expectToast(office.page, "Pricing saved", { type: "success" });
  await job.getByLabel(/Status of job/).selectOption("completed");
  await expectToast(office.page, "Job status updated");

  // The old offer opens on a page that says the job is closed: no Accept, no customer.
  const phone = await newClient(browser, { viewport: MOBILE });
  await phone.page.goto(jobPath);
  await expect(
    phone.page.getByRole("heading", { level: 1, name: "The office closed this job" }),
  ).toBeVisible();
  await expect(phone.page.getByRole("button", { name: "Accept the job" })).toHaveCount(0);
  // A stale form posted anyway (a tab left open) is refused: no second job.
  const stale = await phone.context.request.post(jobPath, {
    form: { intent: "accept" },
    headers: { Origin: new URL(phone.page.url()).origin },
  });
  expect(stale.status()).toBeLessThan(500);
  await gotoHydrated(office.page, `/admin/jobs?q=${encodeURIComponent(name)}`);
  await expect(visibleItem(office.page, name)).toHaveCount(1);

  // The completed lead: its status is fixed, and it offers Reopen instead of Dispatch.
  await gotoHydrated(office.page, leadPath);
  await expect(office.page.getByLabel(/^Status of the lead from/)).toHaveValue("completed");
  await expect(office.page.getByLabel(/^Status of the lead from/)).toBeDisabled();
  await expect(office.page.getByRole("button", { name: /^Dispatch/ })).toHaveCount(0);
  await expect(office.page.getByRole("button", { name: /^Create job/ })).toHaveCount(0);
  await expectNoAxeViolations(office.page, "completed lead at 375 px");
  await office.page.screenshot({ path: test.info().outputPath("lead-closed-375.png") });

  // What the customer has been texted so far, to compare after the reopen.
  const textedBefore = await (await outbox(office.page, customerDigits)).count();

  // The list agrees: no Dispatch on the row, no locksmith select anywhere.
  await gotoHydrated(office.page, `/admin/leads?q=${encodeURIComponent(name)}`);
  const row = visibleItem(office.page, name);
  await expect(row.getByRole("button", { name: /^Dispatch/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^Reopen/ })).toBeVisible();
  await expect(office.page.getByRole("combobox", { name: /locksmith/i })).toHaveCount(0);

  // Reopen asks why, says nobody is texted, and does not text the customer.
  await row.getByRole("button", { name: /^Reopen/ }).click();
  const reopen = office.page.getByRole("dialog", { name: "Reopen the lead" });
  await expect(reopen).toContainText("Nobody is texted.");
  await reopen.getByRole("button", { name: "Reopen", exact: true }).click();
  await expect(
    reopen.getByText("Say why the lead is reopened: the timeline keeps it."),
  ).toBeVisible();
  await reopen.getByLabel("Why it is reopened").fill("Customer locked out again");
  await expectNoAxeViolations(office.page, "reopen dialog at 375 px");
  await reopen.getByRole("button", { name: "Reopen", exact: true }).click();
  await expectToast(office.page, "Lead reopened");
  await expect(row.getByRole("button", { name: /^Dispatch/ })).toBeVisible();
  await gotoHydrated(office.page, leadPath);
  await expect(office.page.getByLabel(/^Status of the lead from/)).toHaveValue("new");
  await expect(leadTimeline(office.page).getByRole("listitem").first()).toContainText(
    "Reopened (was Completed)",
  );
  await expect(leadTimeline(office.page).getByRole("listitem").first()).toContainText(
    "Customer locked out again",
  );
  await expect(await outbox(office.page, customerDigits)).toHaveCount(textedBefore);
});

test("On my way texts the customer once; a price far above the usual asks for a second tap and flags the job", async ({
  browser,
  office,
  phones,
}) => {
  test.slow();
  const { jobPath, name, customerDigits, leadPath } = await dispatchNewLead(office.page, {
    textConsent: true,
  });
  const phone = await newClient(browser, { viewport: MOBILE });
  const job = phone.page;
  await job.goto(jobPath);
  await job.getByRole("button", { name: "Accept the job" }).click();
  // On my way, then two new estimates within a minute: one text to the customer.
  await job.getByLabel("Minutes until you arrive").fill("25");
  await job.getByRole("button", { name: "On my way" }).click();
  await expect(job.getByText("The customer is told you are on the way.")).toBeVisible();
  for (const minutes of ["20", "15"]) {
    await job.getByLabel("Minutes until you arrive").fill(minutes);
    await job.getByRole("button", { name: "Send a new estimate" }).click();
    await expect(job.getByText(`Your estimate: about ${minutes} minutes.`)).toBeVisible();
    await expect(
      job.getByText(
        "New estimate saved. The customer was told already: call them if the change matters.",
      ),
    ).toBeVisible();
  }
  const onTheWay = await outbox(office.page, customerDigits, "customer_on_the_way");
  await expect(onTheWay).toHaveCount(1);
  await expect(onTheWay).toContainText("about 25 minutes out");

  // The customer approved $185; "1850" typed for "185" is refused: the quote bounds the final.
  await quoteApprovedInPerson(job, phones, "185");
  await fillCompletion(job, "1850");
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(
    job.getByText(
      "The final price is above the approved quote ($185.00). Give a new quote with a reason, and have the customer approve it.",
    ),
  ).toBeVisible();
  await expect(job.getByRole("heading", { level: 1, name: "On the way" })).toBeVisible();
  // A real $1,850 job: a new quote with its reason, beyond the sanity bounds, so the office
  // confirms it (issue 44); approved again; the price is still asked again, with the figure,
  // before anything is saved.
  await quoteOnJobPage(job, "1850", "Replace both locks of a storefront");
  await confirmHeldQuote(office.page, leadPath, "$1,850.00");
  await job.reload();
  await approveWithTextedCode(job, phones);
  await fillCompletion(job, "1850");
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(
    job.getByText(
      "$1,850.00 is more than 3 times the usual top price ($350.00). Check the amount: if it is right, tap Confirm to complete.",
    ),
  ).toBeVisible();
  await expect(job.getByRole("heading", { level: 1, name: "On the way" })).toBeVisible();
  await expectFitsAndPassesAxe(job, "job page asking to confirm a price, 375 px");
  await job.screenshot({ path: test.info().outputPath("job-price-check.png"), fullPage: true });
  // The locksmith means it: the second tap completes, and the office sees a flag.
  await job.getByRole("button", { name: "Confirm $1,850.00 and complete" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();
  await dismissToasts(office.page);
  await gotoHydrated(office.page, `/admin/jobs?q=${encodeURIComponent(name)}`);
  const row = visibleItem(office.page, name);
  await expect(row).toContainText("Check price");
  await expect(row).toContainText("$1,850.00");

  // The office corrects it to $185: the split follows and the flag goes.
  await row.getByRole("button", { name: /Edit Pricing/ }).click();
  const pricing = office.page.getByRole("dialog", { name: "Edit pricing" });
  await pricing.getByLabel("Final price ($)").fill("185");
  await pricing.getByRole("button", { name: "Save pricing" }).click();
  await expectToast(office.page, "Pricing saved", { type: "success" });
  await expect(row).toContainText("$185.00");
  await expect(row).not.toContainText("Check price");
  await expectNoAxeViolations(office.page, "jobs after a price correction at 1280 px");
});
