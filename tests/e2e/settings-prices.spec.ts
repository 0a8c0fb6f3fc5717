import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated, VIEWPORTS } from "./support/browser";
import { expectFitsAndPassesAxe } from "./support/screen-checks";

/*
 * Settings → Prices (issue 27, decision 0026): the usual range per service that a
 * locksmith's final price is checked against. Safes only: other tests lean on the defaults
 * of the services they complete.
 */

for (const [label, viewport] of VIEWPORTS) {
  test(`at ${label}: an owner sets a service's usual range, a range upside down is refused`, async ({
    browser,
    owner,
  }) => {
    const { page } = await newClient(browser, { storageState: owner, viewport });
    await gotoHydrated(page, "/admin/settings");
    await page.getByRole("link", { name: "Price settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Prices" })).toBeVisible();
    const from = page.getByLabel("Safes: from ($)");
    const upTo = page.getByLabel("Safes: up to ($)");
    const before = { from: await from.inputValue(), upTo: await upTo.inputValue() };

    // Upside down: said next to the field, nothing saved.
    await from.fill("700");
    await upTo.fill("650");
    await page.getByRole("button", { name: "Save prices" }).click();
    await expect(page.getByText("The high end must be at least the low end")).toBeVisible();
    await expect(upTo).toHaveAttribute("aria-invalid", "true");
    await expectFitsAndPassesAxe(page, `prices with an error at ${label}`);
    await page.reload();
    await expect(from).toHaveValue(before.from);

    // A sensible range is kept.
    const high = label === "375 px" ? "725" : "750";
    await from.fill("175");
    await upTo.fill(high);
    await page.getByRole("button", { name: "Save prices" }).click();
    await expectToast(page, "Prices saved", { type: "success" });
    await page.reload();
    await expect(from).toHaveValue("175.00");
    await expect(upTo).toHaveValue(`${high}.00`);
  });
}
