import { expect, type Locator, type Page } from "@playwright/test";

/*
 * Reading the back office's stat cards and lists as an operator sees them: by the card's
 * heading, the list's pager text and the visible rows, never by test ids.
 */

/** A stat card (app/components/admin/stat-card.tsx) by its title. */
export function statCard(page: Page, title: string): Locator {
  return page.getByRole("heading", { level: 2, name: title, exact: true }).locator("xpath=..");
}

/** "10,000" → 10000. */
export function parseCount(text: string | null): number {
  const digits = (text ?? "").replace(/[^\d]/g, "");
  expect(digits, `a number in "${text}"`).not.toBe("");
  return Number(digits);
}

/** A card's big number. */
export async function statValue(page: Page, title: string): Promise<number> {
  return parseCount(await statCard(page, title).locator("p").first().textContent());
}

/** A card's line under the number ("38 active"). */
export function statDetail(page: Page, title: string): Locator {
  return statCard(page, title).locator("p").nth(1);
}

/** The total in the pager's "1–25 of 10,000 · page 1 of 400"; 0 for "No results". */
export async function listTotal(page: Page): Promise<number> {
  const text =
    (await page.getByRole("navigation", { name: "Pagination" }).locator("p").textContent()) ?? "";
  if (text.startsWith("No results")) return 0;
  const match = /of ([\d,]+)/.exec(text);
  expect(match, `a total in "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ""));
}
