import { totp } from "../../helpers/totp";
import { expect, type Page } from "./test";
import { expectToast, HASHING } from "./auth-helpers";
import { gotoHydrated } from "./browser";

/*
 * Two-factor sign-in as a person does it in the browser: adding an authenticator in
 * Profile (reading the key off the page, as one types it into an app), and codes that a
 * real app would show, each used once.
 */

export interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  /** Codes already typed: the server takes each one once. */
  used: Set<string>;
}

/** A code the app shows now (or in the next step) that has not been used yet. */
export function freshCode(app: Authenticator): string {
  for (const shift of [0, 30_000, -30_000]) {
    const code = totp(app.secret, Date.now() + shift);
    if (!app.used.has(code)) {
      app.used.add(code);
      return code;
    }
  }
  throw new Error("every code of this window was used: wait for the next step");
}

/** Six digits the app does not show now, nor a step either side. */
export function wrongCode(app: Authenticator): string {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(app.secret, Date.now() + shift)));
  for (let n = 123_456; ; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

export function twoFactorCard(page: Page) {
  return page.locator("#two-factor");
}

/** Profile → Two-factor sign-in → password → QR code, key and recovery codes → a code: on. */
export async function enrolTwoFactor(page: Page, password: string): Promise<Authenticator> {
  await gotoHydrated(page, "/admin/profile");
  const card = twoFactorCard(page);
  await card.getByLabel("Your password").fill(password);
  await card.getByRole("button", { name: "Add an authenticator app" }).click();
  const qr = card.getByRole("img", { name: "QR code to add this account to an authenticator app" });
  await expect(qr).toBeVisible(HASHING);
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = (await card.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  const recoveryCodes = await card
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  const app: Authenticator = { secret, recoveryCodes, used: new Set() };
  await card.getByLabel("Code from the app").fill(freshCode(app));
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expectToast(page, "Two-factor sign-in is on", { type: "success" });
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  return app;
}

/** The sign-in's second step, on /auth/two-factor: a code from the app. */
export async function answerWithCode(page: Page, code: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/two-factor/, HASHING);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}
