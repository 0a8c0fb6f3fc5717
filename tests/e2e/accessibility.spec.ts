import { expect, test } from "./support/test";
import { DESKTOP, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { gotoPublicPage, revealEverything } from "./support/site";

/*
 * Pages are checked with every fade-in block already shown (revealEverything): axe's
 * contrast rule scrolls elements into view, which would start fade-ins and measure text
 * half-way through its transition.
 */

const PAGES = [
  "/",
  "/services/emergency",
  "/service-areas",
  "/service-areas/oak-lawn-locksmith",
  "/no-such-page",
];

for (const [label, viewport] of [
  ["desktop 1280x800", DESKTOP],
  ["mobile 375x800", MOBILE],
] as const) {
  test.describe(`axe, ${label}`, () => {
    test.use({ viewport });

    for (const path of PAGES) {
      test(`${path} has no WCAG violations`, async ({ page }) => {
        await gotoPublicPage(page, path);
        await revealEverything(page);
        await expectNoAxeViolations(page, `${path} at ${label}`);
      });
    }

    test("/service-areas with the dropdown open has no WCAG violations", async ({ page }) => {
      await gotoPublicPage(page, "/service-areas");
      await revealEverything(page);
      const box = page.getByRole("combobox", { name: "Search service areas" });
      await box.fill("park");
      await expect(page.getByRole("option")).toHaveCount(8);
      await box.press("ArrowDown");
      await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
      await expectNoAxeViolations(page, `/service-areas dropdown open at ${label}`);
    });

    test("/service-areas with the no-match dropdown has no WCAG violations", async ({ page }) => {
      await gotoPublicPage(page, "/service-areas");
      await revealEverything(page);
      await page.getByRole("combobox", { name: "Search service areas" }).fill("xyz");
      await expect(page.getByText('No service areas found for "xyz"')).toBeVisible();
      await expectNoAxeViolations(page, `/service-areas no-match dropdown at ${label}`);
    });

    test("/ with the home suggestions open has no WCAG violations", async ({ page }) => {
      await gotoPublicPage(page, "/");
      await revealEverything(page);
      await page.getByRole("combobox", { name: "City, neighborhood or ZIP code" }).fill("oak");
      await expect(page.getByRole("option")).toHaveCount(2);
      await expectNoAxeViolations(page, `/ suggestions open at ${label}`);
    });
  });
}

test.describe("keyboard", () => {
  test.use({ viewport: DESKTOP });

  test("Tab reaches the skip link, then the logo; the skip link moves focus to main", async ({
    page,
  }) => {
    await gotoPublicPage(page, "/");

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute("href", "#main");
    // Visible once focused, not just present for screen readers.
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(20);
    expect(box?.height ?? 0).toBeGreaterThan(10);

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /, home$/ })).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);

    // Focus is on <main>, or the next Tab lands inside it (not back in the header).
    const focusInMain = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.id === "main" || active?.closest("main") !== null;
      });
    if (!(await focusInMain())) {
      await page.keyboard.press("Tab");
    }
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
    expect(await focusInMain(), `focus after the skip link is on ${focused}`).toBe(true);
  });
});
