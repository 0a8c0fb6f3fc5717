import { expect, test } from "./support/test";
import { expectToast } from "./support/auth-helpers";
import {
  addLocksmith,
  card,
  openLocksmithPage,
  postAction,
  quietClient,
  search,
  setAvailable,
  tableRow,
  uniquePhone,
  uniqueTag,
} from "./support/roster-helpers";
import { gotoHydrated, MOBILE, VIEWPORTS } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { daysFromToday } from "./support/periods";

/*
 * The Locksmiths section as an operator uses it: the roster with search and the
 * Active/Inactive filter in the URL, the Add/Edit dialog with the validation of
 * docs/spec/back-office.md §5 (and the toasts of §8), and
 * the status badge that toggles a locksmith, on a laptop and on a phone.
 */

test.describe("Add and edit", () => {
  test("the dialog checks what is typed, keeps it, and saves the spec's way", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const name = `Zora Lock ${uniqueTag()}`;
    const phone = uniquePhone();
    await gotoHydrated(page, "/admin/locksmiths");
    await page.getByRole("button", { name: "Add Locksmith" }).click();
    const dialog = page.getByRole("dialog", { name: "Add locksmith" });
    await expect(dialog.getByLabel("Default cut %")).toHaveValue("60");

    // Name and phone are required.
    await dialog.getByRole("button", { name: "Add locksmith" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Phone is required")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    // Email format, ZIPs of 5 digits, cut % from 0 to 100.
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Phone").fill(phone.typed);
    await dialog.getByLabel("Email (optional)").fill("not-an-email");
    await dialog.getByLabel("ZIP codes served").fill("60453, 6045");
    await dialog.getByLabel("Default cut %").fill("101");
    await dialog.getByRole("button", { name: "Add locksmith" }).click();
    await expect(dialog.getByText("Enter a valid email address")).toBeVisible();
    await expect(dialog.getByText("ZIP codes must be 5 digits: 6045")).toBeVisible();
    await expect(dialog.getByText("Enter a whole number from 0 to 100")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);

    // Empty email and payment method are saved as null; ZIPs trimmed, empties dropped.
    await dialog.getByLabel("Email (optional)").fill("");
    await dialog.getByLabel("ZIP codes served").fill(" 60453 , ,60455,, ");
    await dialog.getByLabel("Default cut %").fill("");
    await dialog.getByRole("button", { name: "Add locksmith" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, "Locksmith added successfully", { type: "success" });

    await search(page, "Search locksmiths", name);
    const row = tableRow(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(phone.shown);
    await expect(row).toContainText("No email");
    await expect(row).toContainText("60453, 60455");
    await expect(row.getByRole("cell").nth(4)).toHaveText("60%");
    await expect(row.getByRole("link", { name: phone.shown })).toHaveAttribute(
      "href",
      `tel:+1${phone.digits}`,
    );
    await expect(row).not.toContainText("Paid by");
    await expect(row).toContainText("No license on file");
    await expect(
      row.getByRole("button", { name: `Active: click to deactivate ${name}` }),
    ).toBeVisible();

    // Edit: the dialog opens with what is saved; an out-of-range cut is refused.
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit locksmith" });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await expect(edit.getByLabel("Phone")).toHaveValue(phone.shown);
    await expect(edit.getByLabel("ZIP codes served")).toHaveValue("60453, 60455");
    await expect(edit.getByLabel("Default cut %")).toHaveValue("60");
    await edit.getByLabel("Default cut %").fill("-5");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText("Enter a whole number from 0 to 100")).toBeVisible();
    await edit.getByLabel("Default cut %").fill("55");
    await edit.getByLabel("Email (optional)").fill(`Zora.${uniqueTag()}@Example.com`);
    await edit.getByLabel("Payment method (optional)").fill("Zelle");
    await edit.getByLabel("ZIP codes served").fill("60601");
    // Their own license: letters, digits, dots and dashes; the roster warns before it runs out.
    await edit.getByLabel("License number (optional)").fill("153 012");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText("Use only letters, digits, dots and dashes")).toBeVisible();
    await edit.getByLabel("License number (optional)").fill("153.012345");
    await edit.getByLabel("License expires (optional)").fill(daysFromToday(5));
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("License 153.012345 expires in 5 days");
    await expectToast(page, "Locksmith updated successfully", { type: "success" });
    await expect(row.getByRole("cell").nth(4)).toHaveText("55%");
    await expect(row).toContainText("Paid by Zelle");
    await expect(row).toContainText("60601");
    await expect(row.getByRole("link", { name: /@example\.com/ })).toHaveAttribute(
      "href",
      /^mailto:zora\..+@example\.com$/,
    );
    // Editing does not change the status.
    await expect(row.getByRole("button", { name: /^Active: click to deactivate/ })).toBeVisible();
    await context.close();
  });

  test("search finds a locksmith by name, phone digits or email, case-insensitively", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const tag = uniqueTag();
    const name = `Quinn Keys ${tag}`;
    const phone = uniquePhone();
    const email = `quinn.${tag}@example.org`;
    await addLocksmith(page, { name, phone: phone.typed, email });

    for (const query of [name.toUpperCase(), phone.digits.slice(3), email.slice(2, 14)]) {
      await search(page, "Search locksmiths", query);
      await expect(tableRow(page, name)).toHaveCount(1);
    }
    await search(page, "Search locksmiths", `nobody-${tag}`);
    await expect(
      page.getByText("No locksmiths match. Try another search or status."),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("No results");
    await context.close();
  });
});

test.describe("Available and Off", () => {
  test("a new locksmith starts Off; Set Available and Set Off on their page say so", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const name = `Ava Shift ${uniqueTag()}`;
    await addLocksmith(page, { name, available: false });
    await openLocksmithPage(page, name);
    const main = page.locator("main");
    await expect(main.getByText(/^Off since /)).toBeVisible();
    await setAvailable(page, name);
    await expectToast(page, "Set to Available", { type: "success" });
    await page.getByRole("button", { name: "Set Off" }).click();
    await expectToast(page, "Set to Off", { type: "success" });
    await expect(main.getByText(/^Off since /)).toBeVisible();
    await context.close();
  });
});

test.describe("Active and Inactive", () => {
  test("clicking the badge toggles the status, with the spec's toasts, and the filter follows", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const name = `Vera Bolt ${uniqueTag()}`;
    await addLocksmith(page, { name });
    await search(page, "Search locksmiths", name);
    const row = tableRow(page, name);

    await row.getByRole("button", { name: `Active: click to deactivate ${name}` }).click();
    await expectToast(page, "Locksmith deactivated", { type: "success" });
    const inactive = row.getByRole("button", { name: `Inactive: click to activate ${name}` });
    await expect(inactive).toBeVisible();

    // The status filter is in the URL and is applied on the server.
    await page.getByLabel("Filter by status").selectOption("active");
    await expect(page).toHaveURL(/status=active/);
    await expect(tableRow(page, name)).toHaveCount(0);
    await page.getByLabel("Filter by status").selectOption("inactive");
    await expect(page).toHaveURL(/status=inactive/);
    await expect(tableRow(page, name)).toHaveCount(1);

    await tableRow(page, name)
      .getByRole("button", { name: `Inactive: click to activate ${name}` })
      .click();
    await expectToast(page, "Locksmith activated", { type: "success" });
    // It left the Inactive filter once the list revalidated.
    await expect(tableRow(page, name)).toHaveCount(0);

    // A reload of the link shows the same filtered list (works without client state).
    await page.reload();
    await expect(page.getByLabel("Filter by status")).toHaveValue("inactive");
    await expect(page.getByLabel("Search locksmiths")).toHaveValue(name);
    await context.close();
  });

  test("a stale 'click to deactivate' never re-activates; a bad id is 'Failed to update locksmith status'", async ({
    browser,
    owner,
  }) => {
    const client = await quietClient(browser, { storageState: owner });
    const { page, context } = client;
    const name = `Stale Sam ${uniqueTag()}`;
    await addLocksmith(page, { name });
    await search(page, "Search locksmiths", name);
    const id = await tableRow(page, name).locator('input[name="locksmithId"]').inputValue();

    // Two tabs both showed "Active: click to deactivate": both submits leave it inactive.
    for (let i = 0; i < 2; i++) {
      const response = await postAction(client, "/admin/locksmiths", {
        intent: "toggle",
        locksmithId: id,
        active: "false",
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await expect(
      tableRow(page, name).getByRole("button", { name: `Inactive: click to activate ${name}` }),
    ).toBeVisible();

    const bad = await postAction(client, "/admin/locksmiths", {
      intent: "toggle",
      locksmithId: "not-a-uuid",
      active: "true",
    });
    expect(bad.status()).toBe(400);
    const gone = await postAction(client, "/admin/locksmiths", {
      intent: "toggle",
      locksmithId: "00000000-0000-4000-8000-000000000000",
      active: "true",
    });
    expect(gone.status()).toBe(404);
    await page.reload();
    await expectToast(page, "Error", {
      type: "error",
      description: "Failed to update locksmith status",
    });
    await context.close();
  });
});

test.describe("on a phone", () => {
  test("375 px shows cards with the same actions, and no table", async ({ browser, owner }) => {
    const { page, context } = await quietClient(browser, { storageState: owner, viewport: MOBILE });
    const name = `Mina Pin ${uniqueTag()}`;
    await addLocksmith(page, {
      name,
      zips: "60453,60455",
      license: { number: "153.054321", expiresOn: daysFromToday(-1) },
    });
    await search(page, "Search locksmiths", name);
    await expect(page.locator("table")).toBeHidden();
    const item = card(page, name);
    await expect(item).toBeVisible();
    await expect(item).toContainText("60453, 60455");
    await expect(item).toContainText(/License 153\.054321 expired [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await item.getByRole("button", { name: `Active: click to deactivate ${name}` }).click();
    await expectToast(page, "Locksmith deactivated", { type: "success" });
    await expect(
      item.getByRole("button", { name: `Inactive: click to activate ${name}` }),
    ).toBeVisible();
    await item.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("dialog", { name: "Edit locksmith" })).toBeVisible();
    await context.close();
  });
});

test.describe("without JavaScript", () => {
  test("the list, its filters and the status badge work as plain HTML", async ({
    browser,
    owner,
  }) => {
    const setup = await quietClient(browser, { storageState: owner });
    const name = `Noel Script ${uniqueTag()}`;
    await addLocksmith(setup.page, { name });
    await setup.context.close();

    const { page, context } = await quietClient(browser, {
      storageState: owner,
      javaScriptEnabled: false,
    });
    await page.goto("/admin/locksmiths");
    await page.getByLabel("Search locksmiths").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=Noel/);
    await expect(tableRow(page, name)).toHaveCount(1);
    await tableRow(page, name)
      .getByRole("button", { name: `Active: click to deactivate ${name}` })
      .click();
    await page.goto(`/admin/locksmiths?status=inactive&q=${encodeURIComponent(name)}`);
    await expect(tableRow(page, name)).toHaveCount(1);
    await context.close();
  });
});

test.describe("accessibility", () => {
  for (const [label, viewport] of VIEWPORTS) {
    test(`the list and the dialog at ${label} have no violations`, async ({ browser, owner }) => {
      const { page, context } = await quietClient(browser, { storageState: owner, viewport });
      await gotoHydrated(page, "/admin/locksmiths");
      await expect(page.getByRole("heading", { level: 1, name: "Locksmiths" })).toBeVisible();
      await expectNoAxeViolations(page, `Locksmiths at ${label}`);
      await page.getByRole("button", { name: "Add Locksmith" }).click();
      const dialog = page.getByRole("dialog", { name: "Add locksmith" });
      await dialog.getByRole("button", { name: "Add locksmith" }).click();
      await expect(dialog.getByText("Name is required")).toBeVisible();
      await expectNoAxeViolations(page, `Add locksmith dialog with errors at ${label}`);
      await context.close();
    });
  }
});
