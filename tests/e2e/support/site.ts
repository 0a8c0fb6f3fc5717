import { expect, type Locator, type Page } from "@playwright/test";
import { formatPhone, phoneHref } from "../../../app/lib/phone";

/**
 * The business number the e2e server runs with: playwright.config.ts sets no BUSINESS_PHONE,
 * so the app's configured default applies (app/server/env.server.ts).
 */
const CONFIGURED_PHONE = process.env.BUSINESS_PHONE ?? "(312) 555-0147";
export const PHONE_DISPLAY = formatPhone(CONFIGURED_PHONE);
export const TEL_HREF = phoneHref(CONFIGURED_PHONE);
export const SMS_HREF = phoneHref(CONFIGURED_PHONE, "sms");

/**
 * Opens a public page and waits until its islands have attached to the server's markup
 * (each marks its element data-island-ready). Public pages hydrate no React, so this is
 * their gotoHydrated.
 */
export async function gotoPublicPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForIslands(page);
}

export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll("[data-island]").length > 0 &&
      document.querySelectorAll("[data-island]:not([data-island-ready])").length === 0,
  );
}

/**
 * Scrolls every "fade in on scroll" block into view and waits for their transitions to
 * end, so nothing is half-transparent when a check (axe's contrast rule) looks at it.
 */
export async function revealEverything(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const nextFrame = () =>
            new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          for (const element of document.querySelectorAll<HTMLElement>('[data-reveal="pending"]')) {
            element.scrollIntoView({ block: "center", behavior: "instant" });
            // IntersectionObserver reports on the next rendering steps.
            await nextFrame();
            await nextFrame();
          }
          return document.querySelectorAll('[data-reveal="pending"]').length;
        }),
      { message: "every [data-reveal] block should fade in once scrolled into view" },
    )
    .toBe(0);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((animation) =>
                ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest(
                  "[data-reveal]",
                ),
              ).length,
        ),
      { message: "fade-in transitions should finish" },
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/** Console errors and uncaught exceptions, minus failed requests to the OpenStreetMap embed. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url ?? "";
    if (/openstreetmap\.org/.test(url) || /openstreetmap\.org/.test(message.text())) return;
    errors.push(`console.error: ${message.text()}${url ? ` (${url})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  return errors;
}

/** The three region columns of the Service Areas page, keyed by region. */
export function areaColumn(page: Page, region: string): { heading: Locator; column: Locator } {
  const heading = page.getByRole("heading", {
    level: 3,
    name: new RegExp(`^${region}\\s*\\(\\d+\\)$`),
  });
  return { heading, column: heading.locator("xpath=..") };
}

/** The number shown in a column title such as "Chicago (30)". */
export async function columnCount(heading: Locator): Promise<number> {
  const text = (await heading.textContent()) ?? "";
  const match = text.match(/\((\d+)\)\s*$/);
  if (!match) throw new Error(`No count in column title ${JSON.stringify(text)}`);
  return Number(match[1]);
}
