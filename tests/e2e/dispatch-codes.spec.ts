import { expect, test, type Browser, type Locator, type Page } from "./support/test";
import { expectToast, newClient, postForm, type StorageState } from "./support/auth-helpers";
import { FIXTURE_CODE_PREFIX, FIXTURE_CODES } from "./fixtures/rows";
import { dismissToasts, ownerPage, visibleItem } from "./support/jobs-helpers";
import { search } from "./support/roster-helpers";
import { DESKTOP, gotoHydrated, MOBILE, VIEWPORTS } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * The Dispatch Codes section as an operator uses it: Generate Code (typed or generated,
 * upper case, new leads and active locksmiths, 1-168 hours, a taken code refused next to
 * the field), the list (search by code, status filter where "expired" includes codes past
 * their time), the status select, Copy (with and without the Clipboard API), the phone
 * layout, and axe at 1280 and 375 px.
 */

const CODE = /^[A-Z0-9]{6}$/;

/** The "Expired" badge of a row (the status select has an "Expired" option too). */
function expiredBadge(scope: Locator): Locator {
  return scope.locator("span", { hasText: /^Expired$/ });
}

/** The codes the table shows, sorted (rows made in one instant have no set order). */
async function shownCodes(page: Page): Promise<string[]> {
  const codes = await page.locator("table [data-dispatch-code]").allInnerTexts();
  return codes.map((code) => code.trim()).sort();
}

function generateDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Generate dispatch code" });
}

/** Opens Generate Code and draws a code with the Generate button. */
async function drawCode(page: Page): Promise<{ dialog: Locator; code: string }> {
  await page.getByRole("button", { name: "Generate Code" }).click();
  const dialog = generateDialog(page);
  await dialog.getByRole("button", { name: "Generate", exact: true }).click();
  const code = await dialog.getByLabel("Code", { exact: true }).inputValue();
  expect(code).toMatch(CODE);
  return { dialog, code };
}

async function createCode(page: Page): Promise<string> {
  const { dialog, code } = await drawCode(page);
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expectToast(page, "Dispatch code created successfully", { type: "success" });
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
  return code;
}

/** Dispatch Codes at 1280 px with a code made there, and that code's row. */
async function pageWithNewCode(browser: Browser, owner: StorageState) {
  const page = await ownerPage(browser, owner, "/admin/dispatch-codes", DESKTOP);
  const code = await createCode(page);
  return { page, code, row: visibleItem(page, code) };
}

test.describe("generate code", () => {
  test("typed codes turn upper case; Generate draws 6 characters A-Z0-9; hours are checked; the code is listed as New", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/dispatch-codes", DESKTOP);
    await page.getByRole("button", { name: "Generate Code" }).click();
    const dialog = generateDialog(page);
    const codeField = dialog.getByLabel("Code", { exact: true });
    await codeField.pressSequentially("ab1x");
    await expect(codeField).toHaveValue("AB1X");

    // Required.
    await codeField.fill("");
    await dialog.getByRole("button", { name: "Create code" }).click();
    await expect(dialog.getByText("Code is required")).toBeVisible();

    const seen = new Set<string>();
    for (let draw = 0; draw < 5; draw++) {
      await dialog.getByRole("button", { name: "Generate", exact: true }).click();
      const value = await codeField.inputValue();
      expect(value).toMatch(CODE);
      seen.add(value);
    }
    expect(seen.size).toBeGreaterThan(1);
    const code = await codeField.inputValue();

    const hours = dialog.getByLabel("Expires after (hours)");
    await expect(hours).toHaveValue("24");
    for (const wrong of ["0", "169", "2.5"]) {
      await hours.fill(wrong);
      await hours.blur();
      await expect(dialog.getByText("Enter a whole number of hours from 1 to 168")).toBeVisible();
    }
    await hours.fill("48");

    // Leads offered are new ones; locksmiths are active ones (names with their phone).
    const lead = dialog.getByLabel("Lead (optional)");
    await lead.selectOption({ index: 1 });
    const leadText = (await lead.locator("option:checked").innerText()).trim();
    const [leadName, leadPhone] = leadText.split(" · ");
    const locksmith = dialog.getByLabel("Locksmith (optional)");
    await locksmith.selectOption({ index: 1 });
    const locksmithName = (await locksmith.locator("option:checked").innerText()).trim();

    await dialog.getByRole("button", { name: "Create code" }).click();
    await expectToast(page, "Dispatch code created successfully", {
      type: "success",
      description: new RegExp(`^${code}, expires `),
    });
    await expect(dialog).toBeHidden();

    const row = visibleItem(page, code);
    await expect(row).toHaveCount(1);
    await expect(row.locator("[data-dispatch-code]")).toHaveCSS("font-family", /mono/i);
    await expect(row).toContainText(leadName!);
    await expect(row).toContainText(leadPhone!);
    await expect(row).toContainText(locksmithName);
    await expect(row.locator("select[name=status]")).toHaveValue("new");
    await expect(expiredBadge(row)).toHaveCount(0);
  });

  test("empty lead and locksmith are saved as none; a taken code is refused next to the field", async ({
    browser,
    owner,
  }) => {
    const { page, code, row } = await pageWithNewCode(browser, owner);
    await expect(row).toContainText("No lead");
    await expect(row).toContainText("Not assigned");

    // The same code again, typed in lower case: the server upper-cases it and refuses it.
    await page.getByRole("button", { name: "Generate Code" }).click();
    const dialog = generateDialog(page);
    await dialog.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await dialog.getByLabel("Expires after (hours)").fill("5");
    await dialog.getByRole("button", { name: "Create code" }).click();
    await expectToast(page, "Error", {
      type: "error",
      description: "Failed to create dispatch code",
    });
    await expect(
      dialog.getByText("This code is already in use; generate another one"),
    ).toBeVisible();
    await expect(dialog.getByLabel("Code", { exact: true })).toHaveValue(code);
    await expect(dialog.getByLabel("Expires after (hours)")).toHaveValue("5");
    await expect(visibleItem(page, code)).toHaveCount(1);

    // A lead or locksmith that is gone (a stale list) is refused, not a database error.
    const gone = "00000000-0000-4000-8000-000000000000";
    for (const field of ["leadId", "locksmithId"]) {
      const response = await postForm(page.request, "/admin/dispatch-codes", {
        intent: "create",
        code: `GONE${Date.now().toString(36).toUpperCase().slice(-6)}`,
        [field]: gone,
      });
      expect(response.status(), field).toBe(409);
    }
  });
});

test.describe("codes list", () => {
  test("search by code is case-insensitive; the 'expired' filter includes codes past their time", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/dispatch-codes", DESKTOP);
    await expect(page.getByRole("columnheader")).toHaveText([
      "Code",
      "Lead",
      "Locksmith",
      "Expires",
      "Status",
      "Created",
      "Copy",
    ]);
    await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(25);

    const code = await createCode(page);
    await search(page, "Search dispatch codes", code.slice(1, 5).toLowerCase());
    await expect(visibleItem(page, code)).toHaveCount(1);
    // The new code heads the list before the search too: wait until only matches are shown.
    await expect
      .poll(async () => (await shownCodes(page)).every((shown) => shown.includes(code.slice(1, 5))))
      .toBe(true);

    // The fixture codes (tests/e2e/fixtures/rows.ts): stored statuses with past and future times.
    await search(page, "Search dispatch codes", FIXTURE_CODE_PREFIX.toLowerCase());
    const { pastNew, pastAssigned, pastUsed, storedExpired, liveNew } = FIXTURE_CODES;
    await page.getByLabel("Filter by status").selectOption("expired");
    await expect(page).toHaveURL(/[?&]status=expired/);
    // Expired: stored as such, or past its time and not used; each row reads Expired.
    const expired = [pastNew, pastAssigned, storedExpired];
    await expect
      .poll(() => shownCodes(page))
      .toEqual(expired.map((fixture) => fixture.code).sort());
    for (const fixture of expired) {
      const row = visibleItem(page, fixture.code);
      await expect(expiredBadge(row)).toBeVisible();
      // The stored status is kept: the time alone makes it read Expired.
      await expect(row.locator("select[name=status]")).toHaveValue(fixture.status);
    }
    await expect(visibleItem(page, pastUsed.code)).toHaveCount(0);

    // "New" leaves out codes past their time; "Used" keeps a used code whatever its time.
    await page.getByLabel("Filter by status").selectOption("new");
    await expect(page).toHaveURL(/[?&]status=new/);
    await expect.poll(() => shownCodes(page)).toEqual([liveNew.code]);
    await expect(expiredBadge(page.getByRole("table"))).toHaveCount(0);
    await page.getByLabel("Filter by status").selectOption("used");
    await expect(page).toHaveURL(/[?&]status=used/);
    await expect.poll(() => shownCodes(page)).toEqual([pastUsed.code]);
  });

  test("the status select saves ('Code status updated') and a failure says 'Failed to update code status'", async ({
    browser,
    owner,
  }) => {
    const { page, code, row } = await pageWithNewCode(browser, owner);
    await row.getByLabel(`Status of code ${code}`).selectOption("used");
    await expectToast(page, "Code status updated", {
      type: "success",
      description: `${code} is now Used.`,
    });
    await page.reload();
    await expect(visibleItem(page, code).locator("select[name=status]")).toHaveValue("used");

    const response = await postForm(page.request, "/admin/dispatch-codes", {
      intent: "status",
      codeId: "00000000-0000-4000-8000-000000000000",
      status: "used",
    });
    expect(response.status()).toBe(404);
    await gotoHydrated(page, "/admin/dispatch-codes");
    await expectToast(page, "Error", {
      type: "error",
      description: "Failed to update code status",
    });
  });
});

test.describe("live updates", () => {
  test("a code made elsewhere appears in an open list without a reload", async ({
    browser,
    owner,
  }) => {
    const code = `LV${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const page = await ownerPage(browser, owner, `/admin/dispatch-codes?q=${code}`, DESKTOP);
    await expect(page.getByText("No dispatch codes match this search and filter.")).toBeVisible();
    const { context, request } = await newClient(browser, { storageState: owner });
    const response = await postForm(request, "/admin/dispatch-codes", {
      intent: "create",
      code: code.toLowerCase(),
      expirationHours: "2",
    });
    expect(response.status()).toBe(200);
    await context.close();
    await expect(visibleItem(page, code)).toHaveCount(1);
    await expect(visibleItem(page, code).locator("select[name=status]")).toHaveValue("new");
  });
});

test.describe("copy", () => {
  test("Copy puts the code on the clipboard with the 'Copied' toast", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/dispatch-codes", DESKTOP, {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const code = await createCode(page);
    await visibleItem(page, code)
      .getByRole("button", { name: `Copy code ${code}` })
      .click();
    await expectToast(page, "Copied", {
      type: "success",
      description: "Dispatch code copied to clipboard",
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  test("without the Clipboard API the code is selected and the toast says so", async ({
    browser,
    owner,
  }) => {
    const { page } = await newClient(browser, { storageState: owner, viewport: MOBILE });
    // As on a page served over plain http from another machine: no navigator.clipboard.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
    });
    await gotoHydrated(page, "/admin/dispatch-codes");
    const card = page
      .getByRole("list", { name: "Dispatch codes, newest first" })
      .getByRole("listitem")
      .first();
    const code = (await card.locator("[data-dispatch-code]").innerText()).trim();
    await card.getByRole("button", { name: `Copy code ${code}` }).click();
    await expectToast(page, "Copy it yourself", { type: "info" });
    expect(await page.evaluate(() => String(window.getSelection()))).toBe(code);
  });
});

test.describe("phones", () => {
  test("at 375 px codes are cards with lead, locksmith, expiry, status and Copy", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/dispatch-codes", MOBILE);
    await expect(page.getByRole("table")).toBeHidden();
    const code = await createCode(page);
    const card = visibleItem(page, code);
    for (const label of ["Lead", "Locksmith", "Expires", "Created", "Status"]) {
      await expect(card.locator("dt", { hasText: label })).toBeVisible();
    }
    await card.getByLabel(`Status of code ${code}`).selectOption("assigned");
    await expectToast(page, "Code status updated");
    await expect(card.getByRole("button", { name: `Copy code ${code}` })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  // Two or three axe runs over a page that holds both the table and the cards.
  test.slow();
  for (const [label, viewport] of VIEWPORTS) {
    test(`the Dispatch Codes page and its dialog at ${label} have no violations`, async ({
      browser,
      owner,
    }) => {
      const page = await ownerPage(
        browser,
        owner,
        "/admin/dispatch-codes?status=expired",
        viewport,
      );
      await expectNoAxeViolations(page, `/admin/dispatch-codes?status=expired at ${label}`);
      await page.getByRole("button", { name: "Generate Code" }).click();
      const dialog = generateDialog(page);
      await dialog.getByRole("button", { name: "Create code" }).click();
      await expect(dialog.getByText("Code is required")).toBeVisible();
      await expectNoAxeViolations(page, `Generate Code (with an error) at ${label}`);
    });
  }
});
