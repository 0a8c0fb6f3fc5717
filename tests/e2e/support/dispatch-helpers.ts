import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { newClient } from "./auth-helpers";
import { DESKTOP, MOBILE } from "./browser";
import type { StorageState } from "./auth-helpers";
import type { FakeTwilio } from "../../helpers/fake-twilio";
import { expectToast } from "./auth-helpers";
import { gotoHydrated } from "./browser";
import {
  createLead,
  createLocksmith,
  openLeadNamed,
  uniquePhone,
  uniqueTag,
  uniqueZip,
  type NewLocksmith,
} from "./roster-helpers";

/** Adds a locksmith and a lead, dispatches from the lead page; the link from the text. */
export async function dispatchNewLead(
  page: Page,
  lead: {
    phone?: string;
    textConsent?: boolean;
    license?: NewLocksmith["license"];
    serviceType?: string;
  } = {},
) {
  const tag = uniqueTag();
  const zip = uniqueZip();
  const smith = `Jo Jobpage ${tag}`;
  const smithPhone = uniquePhone();
  await createLocksmith(page, {
    name: smith,
    phone: smithPhone.typed,
    zips: zip,
    cut: "60",
    license: lead.license,
  });
  const name = `Cara Customer ${tag}`;
  const customerPhone = lead.phone ?? uniquePhone().typed;
  await createLead(page, {
    name,
    phone: customerPhone,
    zip,
    serviceType: lead.serviceType ?? "automotive",
  });
  const leadPath = await openLeadNamed(page, name);
  if (lead.textConsent) {
    await page.getByRole("button", { name: "Customer agreed to texts" }).click();
    await expect(page.getByRole("button", { name: "Remove agreement" })).toBeVisible();
  }
  const jobPath = await dispatchFromLeadPage(page, smith);
  const customerDigits = customerPhone.replace(/\D/g, "");
  return { smith, smithPhone, zip, name, customerDigits, leadPath, jobPath };
}

/**
 * The office (1280 px) dispatches a new lead whose customer agreed to texts; the locksmith
 * (375 px) opens the job from their text and accepts it. The customer's page path comes from
 * the customer's own text (staff never see it).
 */
export async function acceptedJob(
  browser: Browser,
  owner: StorageState,
  phones: FakeTwilio,
  lead: Omit<Parameters<typeof dispatchNewLead>[1], "textConsent"> = {},
) {
  const office = await newClient(browser, { storageState: owner, viewport: DESKTOP });
  const dispatched = await dispatchNewLead(office.page, { ...lead, textConsent: true });
  const customerPath = await customerPagePath(phones, dispatched.customerDigits);
  const phone = await newClient(browser, { viewport: MOBILE });
  const job = phone.page;
  await job.goto(dispatched.jobPath);
  await job.getByRole("button", { name: "Accept the job" }).click();
  // Accepted before anything else is asked of the page (the door check looks at what it shows).
  await expect(job.getByRole("heading", { level: 1, name: "Job accepted" })).toBeVisible();
  return { ...dispatched, office, phone, job, customerPath };
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
  // The text for the locksmith, shown to send by hand when texting is not configured.
  await expect(sent.getByLabel("Text for the locksmith")).toBeVisible();
  const text = await sent.getByLabel("Text for the locksmith").inputValue();
  const jobPath = /\/j\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  expect(jobPath, text).toBeTruthy();
  await sent.getByRole("button", { name: "Done" }).click();
  return jobPath!;
}

/**
 * On the locksmith's job page: quote a total (a reason when it needs one), then the customer
 * approves in person: the locksmith has a code texted to the customer's phone (read here from
 * the fake Twilio, as the customer reads it) and types it. Every completion needs an
 * approved quote (issue 29), and only the customer can approve it (issue 44). The file's
 * server must text (`test.use({ texting: true })`).
 */
export async function quoteApprovedInPerson(
  job: Page,
  phones: FakeTwilio,
  total: string,
  options: { reason?: string } = {},
) {
  await quoteOnJobPage(job, total, options.reason);
  await approveWithTextedCode(job, phones);
}

/** The locksmith has the code texted, and types it as the customer reads it out. */
export async function approveWithTextedCode(job: Page, phones: FakeTwilio) {
  const before = phones.created.length;
  await job.getByRole("button", { name: "Text the customer a code" }).click();
  await expect(job.getByText("We texted the customer a 6-digit code.")).toBeVisible();
  const code = await lastTexted(phones, /your code to approve .* is (\d{6})\./, before);
  await job.getByLabel("Code from the customer's text").fill(code);
  await job.getByRole("button", { name: "Approve with the code" }).click();
  await expect(
    job.getByText("The customer approved the quote with their code. You can start the work."),
  ).toBeVisible();
}

/** The first group of the pattern in the newest text Twilio took (after `after` texts). */
export async function lastTexted(phones: FakeTwilio, pattern: RegExp, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = phones.created
          .slice(after)
          .map((message) => pattern.exec(message.body)?.[1])
          .findLast(Boolean);
        return found;
      },
      { message: `a text matching ${pattern}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** A path texted to one phone (the customer's page, their review form), as their phone got it. */
export async function textedPath(
  phones: FakeTwilio,
  digits: string,
  path: RegExp,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = phones
          .textsTo(digits)
          .map((body) => path.exec(body)?.[0])
          .findLast(Boolean);
        return found;
      },
      // The outbox sends within a second or two; on a busy 2-core CI machine a full run once
      // waited past 15 s for the first text of a dispatch (receipt.spec.ts, passed on retry).
      { message: `a text to ${digits} with ${path}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return found!;
}

/** On the locksmith's job page: save a quote of a total, with a reason when given. */
export async function quoteOnJobPage(job: Page, total: string, reason?: string) {
  await checkDoorIfAsked(job);
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
  await checkDoorIfAsked(job);
  await job.getByLabel("Final price charged ($)").fill(price);
  await job.getByRole("radio", { name: paid.method ?? "Card on site", exact: true }).check();
  await job.getByRole("radio", { name: new RegExp(`^${paid.holder ?? "The business"}`) }).check();
}

/** Quote, approve in person (the customer's texted code) and complete at that price. */
export async function quoteAndComplete(
  job: Page,
  phones: FakeTwilio,
  price: string,
  options: { reason?: string; method?: string; holder?: "I do" | "The business" } = {},
) {
  await quoteApprovedInPerson(job, phones, price, { reason: options.reason });
  await fillCompletion(job, price, options);
  await job.getByRole("button", { name: "Complete the job" }).click();
}

/**
 * The customer's page link (/t/:token) from the dispatch text, as their phone got it: staff
 * never see it (issue 44), so the file's server must text (`test.use({ texting: true })`).
 */
export function customerPagePath(phones: FakeTwilio, customerDigits: string): Promise<string> {
  return textedPath(phones, customerDigits, /\/t\/[A-Za-z0-9_-]{43}/);
}

/**
 * The locksmith's phone (375 px) opens the job link, accepts the job and, where the job
 * opens something, records the door check (issue 49): ready to quote.
 */
export async function acceptOnPhone(browser: Browser, jobPath: string): Promise<Page> {
  const { page } = await newClient(browser, { viewport: MOBILE });
  await page.goto(jobPath);
  await page.getByRole("button", { name: "Accept the job" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Job accepted" })).toBeVisible();
  await checkDoorIfAsked(page);
  return page;
}

/** Chooses a locksmith in the Dispatch dialog's ranked select, whose options say why. */
export async function chooseLocksmith(select: Locator, name: string): Promise<void> {
  const value = await select.locator("option", { hasText: `${name} — ` }).getAttribute("value");
  await select.selectOption(value!);
}

/**
 * On the office's lead page: Confirm the quote held beyond the sanity bounds (issue 44), so
 * it goes to the customer.
 */
export async function confirmHeldQuote(office: Page, leadPath: string, amount: string) {
  await gotoHydrated(office, leadPath);
  const held = office.getByRole("article", { name: `Quote of ${amount}` });
  await held.getByRole("button", { name: `Confirm ${amount}: send it to the customer` }).click();
  await expectToast(office, "Quote confirmed: it went to the customer");
  await expect(held).toHaveCount(0);
}

/** The door check's fields for an ID and a document that match (issue 49). */
export async function fillDoorCheck(
  job: Page,
  options: { opened?: string; vin?: string; plate?: string; asker?: string } = {},
) {
  const asker = options.asker ?? "Cara Customer";
  await job.getByLabel("Who asked for the opening (full name)").fill(asker);
  if (options.opened) await job.getByRole("radio", { name: options.opened, exact: true }).check();
  await job.getByLabel("Kind of ID").selectOption({ label: "Driver's license" });
  await job.getByLabel("Last 4 letters or digits of the ID number").fill("4821");
  await job.getByLabel("Expiry date").fill("2031-05-31");
  const yes = (legend: string) =>
    job.getByRole("group", { name: legend }).getByRole("radio", { name: "Yes" }).check();
  await yes("Does the name on the ID match who asked?");
  await job
    .getByLabel("Document seen")
    .selectOption({ label: options.vin ? "Vehicle registration" : "Lease" });
  await yes("Does the name on it match the ID?");
  await yes("Does the address (or vehicle) on it match this job?");
  if (options.vin) await job.getByLabel(/^VIN/).fill(options.vin);
  if (options.plate) await job.getByLabel("License plate").fill(options.plate);
}

/** The door check's fields as the form shows them for its service (a home, a car, fixed). */
async function fillShownDoorCheck(page: Page) {
  // A service that fixes what is opened shows no choice; a car asks for its VIN.
  const choice = await page.getByRole("radio", { name: "A home", exact: true }).isVisible();
  const vehicle = !choice && (await page.getByLabel(/^VIN/).isVisible());
  await fillDoorCheck(
    page,
    choice ? { opened: "A home" } : vehicle ? { vin: "1HGCM82633A004352", plate: "AB1234" } : {},
  );
}

/** When the job page asks for the door check first, the customer signs on the screen. */
export async function checkDoorIfAsked(job: Page) {
  const heading = job.getByRole("heading", { name: "Check ID and the right to enter" });
  // The page as it settled after the last tap: the check, or the quote it leads to.
  await expect(heading.or(job.getByLabel("Total ($)", { exact: true })).first()).toBeVisible();
  if (!(await heading.isVisible())) return;
  await fillShownDoorCheck(job);
  await job.getByRole("radio", { name: "On this screen: hand them the phone" }).check();
  await job.getByLabel("Your full name (the customer)").fill("Cara Customer");
  await job.getByRole("checkbox", { name: /I confirm the statement/ }).check();
  await job.getByRole("button", { name: "Record the check" }).click();
  await expect(job.getByText("Check recorded. You can give the quote.")).toBeVisible();
}

/**
 * The office records the check a locksmith reads out by phone (decision 0075), as the
 * dispatcher does before pricing or completing an opening from Jobs or the lead page: the
 * item's "Record it by phone" link (a job row or card, or the lead page's job), the
 * locksmith's answers for an ID and a document that match, the statement agreed out loud.
 * Ends back in Jobs, searched to the job.
 */
export async function recordCheckByPhone(page: Page, item: Locator | Page) {
  await item
    .getByRole("link", { name: /^Record it by phone for job/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: /^Door check by phone, job/ }),
  ).toBeVisible();
  await fillShownDoorCheck(page);
  await page
    .getByLabel("The customer's full name, as the locksmith reads it out")
    .fill("Cara Customer");
  await page.getByRole("checkbox", { name: /agreed to it out loud/ }).check();
  await page.getByRole("button", { name: "Record the check by phone" }).click();
  await expectToast(page, "Door check recorded");
  await expect(page).toHaveURL(/\/admin\/jobs\?q=/);
}
