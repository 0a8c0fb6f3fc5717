import { expect, test, type Browser } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import {
  checkDoorIfAsked,
  dispatchNewLead,
  fillCompletion,
  quoteApprovedInPerson,
} from "./support/dispatch-helpers";
import { leadTimeline, quietClient } from "./support/roster-helpers";

// The customer's texts (their page's link, the approval code) reach their phone only: staff
// never see them (issue 44), so this file's server texts through a fake Twilio.
test.use({ texting: true });

/*
 * The locksmith's side of a dispatch (issue 13): the office dispatches from the lead page,
 * the locksmith opens the link from the text on a phone (no sign-in), accepts, says they
 * are on the way, completes with a price; the office's lead page follows live. Without
 * JavaScript too, and bad links and bad input answered clearly.
 */

async function locksmithPhone(browser: Browser, javaScriptEnabled = true) {
  return newClient(browser, { viewport: MOBILE, javaScriptEnabled });
}

test("accept → on my way → complete on a phone, and the office's lead page follows live", async ({
  browser,
  office,
  phones,
}) => {
  const { smith, leadPath, jobPath } = await dispatchNewLead(office.page);
  await gotoHydrated(office.page, leadPath);
  // The live stream is open before the locksmith acts.
  await expect(office.page.getByText("Live", { exact: true })).toBeVisible();

  const phone = await locksmithPhone(browser);
  const job = phone.page;
  await job.goto(jobPath);
  await expect(job.getByRole("heading", { level: 1, name: "New job for you" })).toBeVisible();
  await expect(job.getByText("Automotive", { exact: true })).toBeVisible();
  // Twilio can bridge here, so the locksmith calls through the business line and never sees
  // the customer's number (issue 50: masked calls).
  await expect(job.getByRole("button", { name: "Call the customer" })).toBeVisible();
  await expect(job.getByRole("link", { name: /^Call \(312\)/ })).toHaveCount(0);
  await expectFitsAndPassesAxe(job, "job page, offered, 375 px");
  await job.screenshot({ path: test.info().outputPath("job-offered.png"), fullPage: true });

  await job.getByRole("button", { name: "Accept the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job accepted" })).toBeVisible();
  await expectToast(office.page, "Job accepted", { description: `${smith} accepted the job.` });
  await expect(leadTimeline(office.page).getByRole("listitem").first()).toContainText(
    "Locksmith accepted the job",
  );

  // Minutes out of range: the field says so, nothing changes.
  await job.getByLabel("Minutes until you arrive").fill("0");
  await job.getByLabel("Minutes until you arrive").evaluate((input) => {
    (input as HTMLInputElement).removeAttribute("min");
  });
  await job.getByRole("button", { name: "On my way" }).click();
  await expect(job.getByText("Enter the minutes until you arrive, from 1 to 240")).toBeVisible();
  await job.getByLabel("Minutes until you arrive").fill("25");
  await job.getByRole("button", { name: "On my way" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "On the way" })).toBeVisible();
  await expect(job.getByText("Your estimate: about 25 minutes.")).toBeVisible();
  await expectToast(office.page, "Locksmith on the way", {
    description: `${smith} is on the way, about 25 minutes out.`,
  });

  // Before any work, the check of ID and the right to enter, then the quote; the customer
  // signs on the locksmith's screen.
  await checkDoorIfAsked(job);
  await expect(job.getByText("Completing opens once the customer approves a quote")).toBeVisible();
  await quoteApprovedInPerson(job, phones, "185");
  await expect(leadTimeline(office.page)).toContainText("Customer approved the quote of $185.00");
  // A price over $100,000 is refused next to the field.
  await fillCompletion(job, "250000");
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByText("Enter the final price, from $0 to $100,000")).toBeVisible();
  await expect(job.getByLabel("Final price charged ($)")).toHaveValue("250000");
  await expectNoAxeViolations(job, "job page with a field error, 375 px");
  await fillCompletion(job, "185");
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();
  await expect(job.getByText("$185.00")).toBeVisible();
  await expect(job.getByText("your cut $111.00")).toBeVisible();
  await job.screenshot({ path: test.info().outputPath("job-closed.png"), fullPage: true });

  await expectToast(office.page, "Job completed", {
    description: `${smith} completed the job for $185.00.`,
  });
  await expect(office.page.getByLabel(/^Status of the lead from/)).toHaveValue("completed");
  await expect(leadTimeline(office.page)).toContainText("Locksmith completed the job for $185.00");
  await expect(leadTimeline(office.page)).toContainText(`Text to ${smith}: `);
  await phone.context.close();
  await office.context.close();
});

test("works without JavaScript: accept, on my way, complete", async ({
  browser,
  owner,
  phones,
}) => {
  const office = await quietClient(browser, { storageState: owner });
  const { leadPath, jobPath } = await dispatchNewLead(office.page);
  const phone = await locksmithPhone(browser, false);
  const job = phone.page;
  await job.goto(jobPath);
  await job.getByRole("button", { name: "Accept the job" }).click();
  await expect(job.getByText("Accepted. The job is yours")).toBeVisible();
  await job.getByLabel("Minutes until you arrive").fill("15");
  await job.getByRole("button", { name: "On my way" }).click();
  await expect(job.getByText("The customer is told you are on the way.")).toBeVisible();
  await job.getByRole("button", { name: "I have arrived" }).click();
  await expect(job.getByRole("heading", { level: 1, name: "On site" })).toBeVisible();
  // The check of ID and the right to enter comes first, signed on the screen without JavaScript.
  await checkDoorIfAsked(job);
  // The quote below the usual range needs its reason, without JavaScript too.
  await job.getByLabel("Total ($)", { exact: true }).fill("95.50");
  await job.getByRole("button", { name: "Save the quote" }).click();
  await expect(job.getByText(/^This is outside the usual \$125\.00–\$350\.00/)).toBeVisible();
  await expect(job.getByLabel("Total ($)", { exact: true })).toHaveValue("95.50");
  await quoteApprovedInPerson(job, phones, "95.50", { reason: "Spare key only, no lockout" });
  await fillCompletion(job, "-5", { method: "Cash", holder: "I do" });
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByText("Enter the final price, from $0 to $100,000")).toBeVisible();
  await fillCompletion(job, "$95.50", { method: "Cash", holder: "I do" });
  await job.getByRole("button", { name: "Complete the job" }).click();
  await expect(job.getByText("Job completed. Thank you!")).toBeVisible();
  // A reload shows the page, it does not post again.
  await job.reload();
  await expect(job.getByRole("heading", { level: 1, name: "Job completed" })).toBeVisible();

  await gotoHydrated(office.page, leadPath);
  await expect(office.page.getByLabel(/^Status of the lead from/)).toHaveValue("completed");
  await phone.context.close();
  await office.context.close();
});

test("a declined job goes back to the office; its link says so, without the customer", async ({
  browser,
  owner,
}) => {
  const office = await newClient(browser, { storageState: owner });
  const { smith, leadPath, jobPath } = await dispatchNewLead(office.page);
  await gotoHydrated(office.page, leadPath);
  await expect(office.page.getByText("Live", { exact: true })).toBeVisible();
  const phone = await locksmithPhone(browser);
  await phone.page.goto(jobPath);
  await phone.page.getByText("Can't take this job?").click();
  await phone.page.getByRole("button", { name: "Decline the job" }).click();
  await expect(
    phone.page.getByRole("heading", { level: 1, name: "You declined this job" }),
  ).toBeVisible();
  await expectToast(office.page, "Job declined", {
    description: `${smith} declined: the lead is back to New, unassigned.`,
  });
  await expect(office.page.getByLabel(/^Status of the lead from/)).toHaveValue("new");
  await expect(leadTimeline(office.page).getByRole("listitem").first()).toContainText(
    "Locksmith declined the job",
  );
  await phone.page.goto(jobPath);
  await expect(
    phone.page.getByRole("heading", { level: 1, name: "You declined this job" }),
  ).toBeVisible();
  // The customer's number is gone from the page: only the office's remains.
  await expect(phone.page.getByRole("link", { name: /^Call \(312\)/ })).toHaveCount(0);
  await expect(phone.page.getByRole("button", { name: "Accept the job" })).toHaveCount(0);
  await phone.context.close();
  await office.context.close();
});

test("unknown or malformed links answer 404 with the office's phone", async ({ browser }) => {
  const phone = await locksmithPhone(browser);
  for (const path of ["/j/not-a-token", `/j/${"A".repeat(43)}`]) {
    const response = await phone.page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(phone.page.getByRole("link", { name: /^Call \(\d{3}\)/ })).toHaveAttribute(
      "href",
      /^tel:\+1/,
    );
  }
  await expectNoAxeViolations(phone.page, "job page 404, 375 px");
  const posted = await phone.context.request.post(`/j/${"B".repeat(43)}`, {
    form: { intent: "accept" },
    headers: { Origin: new URL(phone.page.url()).origin },
  });
  expect(posted.status()).toBe(404);
  await phone.context.close();
});
