import { expect, type Locator, type Page } from "@playwright/test";
import {
  addLead,
  addLocksmith,
  uniquePhone,
  uniqueTag,
  uniqueZip,
  type NewLocksmith,
} from "./roster-helpers";

/** Adds a locksmith and a lead, dispatches from the lead page; the link from the text. */
export async function dispatchNewLead(
  page: Page,
  lead: { phone?: string; textConsent?: boolean; license?: NewLocksmith["license"] } = {},
) {
  const tag = uniqueTag();
  const zip = uniqueZip();
  const smith = `Jo Jobpage ${tag}`;
  const smithPhone = uniquePhone();
  await addLocksmith(page, {
    name: smith,
    phone: smithPhone.typed,
    zips: zip,
    cut: "60",
    license: lead.license,
  });
  const name = `Cara Customer ${tag}`;
  const customerPhone = lead.phone ?? uniquePhone().typed;
  await addLead(page, {
    name,
    phone: customerPhone,
    zip,
    serviceType: "automotive",
  });
  await page.getByLabel("Search leads").fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  await page
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  const leadPath = new URL(page.url()).pathname;
  if (lead.textConsent) {
    await page.getByRole("button", { name: "Customer agreed to texts" }).click();
    await expect(page.getByRole("button", { name: "Remove agreement" })).toBeVisible();
  }
  const jobPath = await dispatchFromLeadPage(page, smith);
  const customerDigits = customerPhone.replace(/\D/g, "");
  return { smith, smithPhone, zip, name, customerDigits, leadPath, jobPath };
}

/** On a lead page: Dispatch to the first locksmith offered; the job link from their text. */
export async function dispatchFromLeadPage(page: Page, smith: string): Promise<string> {
  await page
    .getByRole("button", { name: /^Dispatch/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Dispatch a locksmith" });
  await dialog.getByRole("button", { name: "Dispatch", exact: true }).click();
  const sent = page.getByRole("dialog", { name: `Dispatched to ${smith}` });
  // No Twilio on the test server: the text waits in the outbox, to be sent by hand.
  await expect(sent.getByText("Not sent — texting is not configured")).toBeVisible();
  const text = await sent.getByLabel("Text for the locksmith").inputValue();
  const jobPath = /\/j\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(jobPath, text).toBeTruthy();
  await sent.getByRole("button", { name: "Done" }).click();
  return jobPath!;
}

/**
 * On the locksmith's job page: quote a total (a reason when it needs one), then the customer
 * signs on the locksmith's screen. Every completion needs an approved quote (issue 29).
 */
export async function quoteApprovedInPerson(
  job: Page,
  total: string,
  options: { reason?: string; customer?: string } = {},
) {
  await quoteOnJobPage(job, total, options.reason);
  await job.getByLabel("Customer's name").fill(options.customer ?? "Cara Customer");
  await job.getByRole("checkbox", { name: /^I approve this quote/ }).check();
  await job.getByRole("button", { name: "Approve in person" }).click();
  await expect(job.getByText("Quote approved in person. You can start the work.")).toBeVisible();
}

/** On the locksmith's job page: save a quote of a total, with a reason when given. */
export async function quoteOnJobPage(job: Page, total: string, reason?: string) {
  await job.getByLabel("Total ($)", { exact: true }).fill(total);
  if (reason) await job.getByLabel("Reason (for the customer)").fill(reason);
  await job.getByRole("button", { name: /^Save the (new )?quote$/ }).click();
  await expect(job.getByText("Quote saved.")).toBeVisible();
}

/** Fills the completion form: price, how the customer paid, who holds the money. */
export async function fillCompletion(
  job: Page,
  price: string,
  paid: { method?: string; holder?: "I do" | "The business" } = {},
) {
  await job.getByLabel("Final price charged ($)").fill(price);
  await job.getByRole("radio", { name: paid.method ?? "Card on site", exact: true }).check();
  await job.getByRole("radio", { name: new RegExp(`^${paid.holder ?? "The business"}`) }).check();
}

/** Quote, approve in person and complete at that price. */
export async function quoteAndComplete(
  job: Page,
  price: string,
  options: { reason?: string; method?: string; holder?: "I do" | "The business" } = {},
) {
  await quoteApprovedInPerson(job, price, { reason: options.reason });
  await fillCompletion(job, price, options);
  await job.getByRole("button", { name: "Complete the job" }).click();
}

/** The customer's page link (/t/:token) from the dispatch text waiting in the outbox. */
export async function customerPagePath(page: Page, customerDigits: string): Promise<string> {
  await page.goto(`/admin/messages?q=${customerDigits}&purpose=customer_dispatched`);
  const row = page.locator("table tbody tr").first();
  await expect(row).toContainText("Follow the visit and approve the price");
  const path = /\/t\/[A-Za-z0-9_-]{43}/.exec((await row.textContent()) ?? "")?.[0];
  expect(path).toBeTruthy();
  return path!;
}

/** Chooses a locksmith in the Dispatch dialog's ranked select, whose options say why. */
export async function chooseLocksmith(select: Locator, name: string): Promise<void> {
  const value = await select.locator("option", { hasText: `${name} — ` }).getAttribute("value");
  await select.selectOption(value!);
}
