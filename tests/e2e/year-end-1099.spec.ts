import fs from "node:fs";
import { IRIS_1099_NEC_HEADER } from "~/lib/tax/iris-csv";
import { expect, test, type Page } from "./support/test";
import { expectToast } from "./support/auth-helpers";
import { dismissToasts, ownerPage } from "./support/jobs-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import {
  expectFitsAndPassesAxe,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
} from "./support/screen-checks";

/*
 * The year-end 1099s as an owner does them (issue 49, decision 0070): from Payouts to the
 * year's page, a locksmith due a 1099-NEC whose W-9 is not complete, their W-9 entered on
 * their page (a bad number refused next to its field first), back to the year, the IRIS CSV
 * downloaded and read; the full number nowhere on a page. Axe at 1280 and 375 px.
 */

const TIN = { typed: "287-65-4321", digits: "287654321" };

async function expectNoFullNumber(page: Page) {
  const html = await page.content();
  expect(html).not.toContain(TIN.digits);
  expect(html).not.toContain(TIN.typed);
}

test("an owner enters a W-9, opens the year and downloads the IRIS CSV at 1280 px", async ({
  browser,
  owner,
}) => {
  test.setTimeout(120_000);
  const page = await ownerPage(browser, owner, "/admin/payouts", DESKTOP);
  await page.getByRole("link", { name: "Year-end 1099s" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Year-end 1099s" })).toBeVisible();
  const year = await page.getByLabel("Payments made in").inputValue();
  await expect(page.getByText(/a 1099-NEC is due for each locksmith paid/)).toBeVisible();
  await expectNoAxeViolations(page, "the year-end page at 1280 px");
  // The list is wider than the column beside the sidebar: it scrolls in its frame, not the page.
  await expectNoSidewaysScroll(page, "the year-end page at 1280 px");
  await page.screenshot({ path: test.info().outputPath("year-end-1280.png"), fullPage: true });

  // A locksmith due a 1099-NEC whose W-9 is not complete: named in red, left out of the file.
  const dueRows = page.locator("table tbody tr", { hasText: "1099-NEC due" });
  const incomplete = dueRows.filter({ hasText: /No W-9 on file|Missing:/ }).first();
  await expect(incomplete).toBeVisible();
  const link = incomplete.getByRole("link").first();
  const name = (await link.innerText()).trim();
  const counted = (await incomplete.locator("td").nth(-3).innerText()).trim();
  await expect(page.getByText(/Left out of the file until their W-9 is complete/)).toContainText(
    name,
  );

  await link.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const card = page.getByRole("region", { name: "Tax details (W-9)" });
  const summary = card.locator("summary");
  if ((await card.locator("details").getAttribute("open")) === null) await summary.click();
  await card.getByLabel("Legal name (W-9 line 1)").fill("Ana Maria Ortiz");
  await card.getByLabel("Taxpayer number type").selectOption("ssn");
  await card.getByLabel("Taxpayer number", { exact: true }).fill("123-45");
  await card.getByLabel("Street address").fill("4100 W 63rd St");
  await card.getByLabel("City").fill("Chicago");
  await card.getByLabel("State").fill("IL");
  await card.getByLabel("ZIP code").fill("60629");
  await card.getByRole("button", { name: "Save W-9" }).click();
  await expect(card.getByText("Enter the 9 digits of the number")).toBeVisible();
  await expectNoAxeViolations(page, "the W-9 form with an error at 1280 px");
  await card.getByLabel("Taxpayer number", { exact: true }).fill(TIN.typed);
  await card.getByRole("button", { name: "Save W-9" }).click();
  await expectToast(page, "W-9 saved", { type: "success" });
  await dismissToasts(page);
  await expect(card.getByText("SSN •••-••-4321")).toBeVisible();
  await expect(card.getByLabel("Taxpayer number", { exact: true })).toHaveValue("");
  await card.screenshot({ path: test.info().outputPath("w9-card-1280.png") });
  await expectNoFullNumber(page);

  await gotoHydrated(page, `/admin/payouts/year-end?year=${year}`);
  const row = page.locator("table tbody tr", { hasText: name });
  await expect(row).toContainText("Complete");
  await expectNoFullNumber(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download IRIS CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`iris-1099-nec-${year}.csv`);
  const lines = fs.readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(lines[0]).toBe(IRIS_1099_NEC_HEADER.join(","));
  const rowsOfFile = lines.slice(1).filter(Boolean);
  expect(rowsOfFile.length).toBeGreaterThan(0);
  const ours = rowsOfFile.find((line) => line.includes(`,${TIN.digits},`));
  expect(ours, "the W-9 just entered is in the file").toBeDefined();
  const cells = ours!.split(",");
  const at = (column: (typeof IRIS_1099_NEC_HEADER)[number]) =>
    cells[IRIS_1099_NEC_HEADER.indexOf(column)];
  expect(at("Form Type")).toBe("1099-NEC");
  expect(at("Tax Year")).toBe(year);
  expect(at("Recipient TIN Type")).toBe("SSN");
  expect(at("Recipient First Name")).toBe("Ana");
  expect(at("Recipient Middle Name")).toBe("Maria");
  expect(at("Recipient Last Name (Surname)")).toBe("Ortiz");
  expect(at("Recipient ZIP/Postal Code")).toBe("60629");
  expect(
    `$${Number(at("Box 1 - Nonemployee Compensation")).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
  ).toBe(counted);
  // Every row's payer is the business, its number whole.
  for (const line of rowsOfFile) expect(line.split(",")[3]).toMatch(/^\d{9}$/);
});

test("the year-end page and the W-9 form at 375 px", async ({ browser, owner }) => {
  const page = await ownerPage(browser, owner, "/admin/payouts/year-end", MOBILE);
  await expect(page.getByRole("heading", { level: 1, name: "Year-end 1099s" })).toBeVisible();
  await expectFitsAndPassesAxe(page, "the year-end page at 375 px");
  await page.screenshot({ path: test.info().outputPath("year-end-375.png"), fullPage: true });
  await page.getByText("Update the payer's details").click();
  await expectNoAxeViolations(page, "the payer's form open at 375 px");
  const first = page.locator("main a[href^='/admin/locksmiths/']").first();
  await first.click();
  await expect(page.getByRole("heading", { name: "Tax details (W-9)" })).toBeVisible();
  await expectFitsAndPassesAxe(page, "a locksmith's page with the W-9 at 375 px");
  await page
    .getByRole("region", { name: "Tax details (W-9)" })
    .screenshot({ path: test.info().outputPath("w9-card-375.png") });
});
