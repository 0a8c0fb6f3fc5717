import AxeBuilder from "@axe-core/playwright";
import type { AxeResults } from "axe-core";
import { expect, test, type Page } from "@playwright/test";

/*
 * What every screen is checked for, at each size it is shown at: axe finds no violations,
 * and nothing scrolls it sideways.
 */

/** axe violations as lines a developer can act on: rule, impact, help, and each target. */
function formatViolations(violations: AxeResults["violations"]): string {
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

/**
 * The two checks every screen gets at a size it is shown at: it fits its viewport (the
 * cheaper, so first) and axe finds nothing. `what` names the screen, state and size.
 */
export async function expectFitsAndPassesAxe(page: Page, what: string): Promise<void> {
  await expectNoSidewaysScroll(page, what);
  await expectNoAxeViolations(page, what);
}
