import AxeBuilder from "@axe-core/playwright";
import type { AxeResults } from "axe-core";
import { expect, test, type Page } from "@playwright/test";

/*
 * What every browser test needs, public site and back office alike: the two viewports the
 * project checks, waiting for hydration, and axe.
 */

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 800 } as const;

/** Both, with the names the checks give them: `for (const [label, viewport] of VIEWPORTS)`. */
export const VIEWPORTS = [
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
] as const;

/**
 * Opens a page and waits until React has hydrated it. React Router's <ScrollRestoration>
 * switches history.scrollRestoration to "manual" in a passive effect, i.e. only once the
 * hydrated tree has committed and its effects ran: a marker that needs no app change.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/** axe violations as lines a developer can act on: rule, impact, help, and each target. */
export function formatViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = node.failureSummary?.replace(/\s+/g, " ").trim();
          return `    - ${node.target.join(" >> ")}${summary ? `\n      ${summary}` : ""}`;
        })
        .join("\n");
      return `[${violation.impact ?? "n/a"}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n");
}

/**
 * No axe violations: axe's default rule set (WCAG A/AA and best practices, no tag filter),
 * plus label-content-name-mismatch (WCAG 2.5.3), which axe leaves off by default.
 */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  /** A CSS selector to check only part of the page (a toast that will not wait). */
  within?: string,
): Promise<void> {
  // axe judges the page at rest, as a reader who asked for reduced motion sees it at once: a
  // toast or block fading in is, for that moment, text without contrast. Toasts load with
  // the first one (decision 0040), so one can appear while axe runs; reduced motion shows
  // it whole.
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await checkAxe(page, what, within);
  } finally {
    await page.emulateMedia({ reducedMotion: "no-preference" });
  }
}

async function checkAxe(page: Page, what: string, within: string | undefined): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every((toast) =>
      toast.getAnimations({ subtree: true }).every((motion) => motion.playState !== "running"),
    ),
  );
  // Legacy mode runs axe.run() in the page itself; the default opens a blank page per check
  // to merge the frames' results, and these pages have no frames (decision 0038). Only the
  // violations are read, so axe makes selectors and copies nodes for those alone: the same
  // rules on the same nodes, 35-45 % sooner (Leads 3.4 → 2.0 s, Jobs 3.3 → 2.3 s, 2026-12-01).
  const builder = new AxeBuilder({ page })
    .options({
      rules: { "label-content-name-mismatch": { enabled: true } },
      resultTypes: ["violations"],
    })
    .setLegacyMode();
  const results = await (within ? builder.include(within) : builder).analyze();
  const report = formatViolations(results.violations);
  if (report) {
    await test
      .info()
      .attach(`axe violations: ${what}`, { body: report, contentType: "text/plain" });
  }
  expect(results.violations.length, `axe violations on ${what}:\n${report}`).toBe(0);
}

/** The page fits its viewport: nothing (a long link in a text, a wide table) scrolls it sideways. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(
    scrollWidth,
    `${what}: page width ${scrollWidth} px in a ${clientWidth} px viewport`,
  ).toBeLessThanOrEqual(clientWidth);
}
