import { expect, test, type Page } from "./support/test";
import { expectToast } from "./support/auth-helpers";
import { gotoHydrated } from "./support/browser";
import { turnNightWatchOff } from "./support/night-watch-helpers";
import { quietClient } from "./support/roster-helpers";

/*
 * Settings that stay saved (issue 46): each field of Settings → Night watch saved alone
 * keeps its value in the form right after the save, after a reload, and through a second
 * save of another field. The automatic-offers mode once showed the old value after a save
 * and a later save wrote it back: offers switched themselves off.
 */

const FIELDS = [
  { label: "Automatic offers", value: "always", select: true },
  { label: "On from (HH:MM)", value: "21:30" },
  { label: "Until (HH:MM)", value: "06:15" },
  { label: "Offer timer (seconds)", value: "240" },
  { label: "Offers before the office is alerted", value: "4" },
  { label: "New request untouched (minutes)", value: "3" },
  { label: "On-call operator's name", value: "Dana Night" },
  { label: "On-call operator's phone", value: "(312) 555-0142" },
  { label: "Wake the next person after (minutes)", value: "4" },
  { label: "Times through the ladder", value: "3" },
  { label: "Backup 1's name", value: "Ray Backup" },
  { label: "Backup 1's phone", value: "(312) 555-0143" },
] as const;

async function save(page: Page) {
  await page.getByRole("button", { name: "Save night watch" }).click();
  await expectToast(page, "Night watch settings saved");
}

async function setField(page: Page, field: (typeof FIELDS)[number]) {
  const input = page.getByLabel(field.label, { exact: true });
  if ("select" in field) await input.selectOption(field.value);
  else await input.fill(field.value);
}

test.describe("settings stay saved", () => {
  // Twelve fields, each saved, checked, reloaded and checked again.
  test.describe.configure({ timeout: 180_000 });
  test.afterEach(async ({ browser, owner }) => {
    const page = await turnNightWatchOff(browser, owner);
    await gotoHydrated(page, "/admin/settings/night-watch");
    for (const [label, value] of [
      ["New request untouched (minutes)", "2"],
      ["Wake the next person after (minutes)", "3"],
      ["Times through the ladder", "2"],
      ["Backup 1's name", ""],
      ["Backup 1's phone", ""],
    ]) {
      await page.getByLabel(label!, { exact: true }).fill(value!);
    }
    await save(page);
  });

  test("each night-watch field saved alone survives the save, a reload and the next field's save", async ({
    browser,
    owner,
  }) => {
    const { page } = await quietClient(browser, { storageState: owner });
    await gotoHydrated(page, "/admin/settings/night-watch");
    for (const [index, field] of FIELDS.entries()) {
      await setField(page, field);
      await save(page);
      // Every field saved so far, as the form shows it right after the save and after a reload.
      for (const reloaded of [false, true]) {
        if (reloaded) await gotoHydrated(page, "/admin/settings/night-watch");
        for (const earlier of FIELDS.slice(0, index + 1)) {
          await expect(
            page.getByLabel(earlier.label, { exact: true }),
            `${earlier.label} after saving ${field.label}${reloaded ? " and a reload" : ""}`,
          ).toHaveValue(earlier.value);
        }
      }
    }
  });
});
