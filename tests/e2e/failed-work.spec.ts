import { expect, test, type Page } from "./support/test";
import { expectToast } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import { dispatchNewLead } from "./support/dispatch-helpers";
import { quietClient } from "./support/roster-helpers";

/*
 * Settings → Failed background work (decision 0060): a dispatch whose two texts Twilio
 * refuses lands both in the owner's list, said in words; Retry now sends one again (it goes,
 * and leaves the list), Drop gives up on the other; how long finished work is kept is a
 * setting, checked on the server.
 */

test.use({ texting: true });

const PATH = "/admin/settings/failed-work";
const list = (page: Page) => page.getByRole("list", { name: "Failed background work" });

test("a refused dispatch's texts are listed in words, retried from the keyboard and dropped", async ({
  browser,
  owner,
  phones,
}) => {
  test.slow();
  const { page } = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
  // Twilio refuses the dispatch's two texts (the locksmith's, the customer's).
  phones.script.push("refused", "refused");
  const { smith, name } = await dispatchNewLead(page, { textConsent: true });
  const about = `about ${name}'s request`;
  const toSmith = list(page)
    .getByRole("listitem")
    .filter({ hasText: `Text to ${smith} ${about}` });
  const toCustomer = list(page)
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^Text to \\(\\d{3}\\) \\d{3}-\\d{4} ${about}`) });

  await gotoHydrated(page, "/admin/settings");
  await page.getByRole("link", { name: "Failed background work" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Failed background work" }),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(toSmith).toHaveCount(1, { timeout: 1_000 });
    await expect(toCustomer).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(toSmith).toContainText("1 try");
  await expect(toSmith).toContainText("Twilio 21211: Invalid 'To' Phone Number");
  await expectNoAxeViolations(page, "failed background work at 1280 px");

  // Keyboard: from the row's link, Tab reaches Retry now; Enter sends the text again.
  await toSmith.getByRole("link", { name: new RegExp(`^Text to ${smith}`) }).focus();
  await page.keyboard.press("Tab");
  await expect(toSmith.getByRole("button", { name: /^Retry now/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Retrying now");
  // It goes this time, and is no longer failed work.
  await expect(async () => {
    await page.reload();
    await expect(toSmith).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await toCustomer.getByRole("button", { name: /^Drop/ }).click();
  await expectToast(page, "Dropped");
  await expect(toCustomer).toHaveCount(0);

  // How long finished work is kept: refused out of range, in words; saved in range.
  const days = page.getByLabel("Keep finished work (days)");
  await days.fill("0");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Enter a whole number of days from 1 to 365.")).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await days.fill("30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Saved how long finished work is kept");
  await gotoHydrated(page, PATH);
  await expect(days).toHaveValue("30");
  await days.fill("14");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Saved how long finished work is kept");
});

test("the list at 375 px: no sideways scroll, axe clean, buttons in reach", async ({
  browser,
  owner,
  phones,
}) => {
  test.slow();
  const { page } = await quietClient(browser, { storageState: owner, viewport: MOBILE });
  phones.script.push("refused");
  const { smith } = await dispatchNewLead(page);
  await expect(async () => {
    await gotoHydrated(page, PATH);
    await expect(list(page).getByText(new RegExp(`^Text to ${smith}`))).toHaveCount(1, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  const row = list(page)
    .getByRole("listitem")
    .filter({ hasText: `Text to ${smith}` });
  await expect(row.getByRole("button", { name: /^Retry now/ })).toBeVisible();
  await expectFitsAndPassesAxe(page, "failed background work at 375 px");
  await row.getByRole("button", { name: /^Drop/ }).click();
  await expectToast(page, "Dropped");
});
