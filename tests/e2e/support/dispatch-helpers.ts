import { expect, type Locator, type Page } from "@playwright/test";
import { addLead, addLocksmith, uniquePhone, uniqueTag, uniqueZip } from "./roster-helpers";

/** Adds a locksmith and a lead, dispatches from the lead page; the link from the text. */
export async function dispatchNewLead(
  page: Page,
  lead: { phone?: string; textConsent?: boolean } = {},
) {
  const tag = uniqueTag();
  const zip = uniqueZip();
  const smith = `Jo Jobpage ${tag}`;
  const smithPhone = uniquePhone();
  await addLocksmith(page, { name: smith, phone: smithPhone.typed, zips: zip, cut: "60" });
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

/** Chooses a locksmith in the Dispatch dialog's ranked select, whose options say why. */
export async function chooseLocksmith(select: Locator, name: string): Promise<void> {
  const value = await select.locator("option", { hasText: `${name} — ` }).getAttribute("value");
  await select.selectOption(value!);
}
