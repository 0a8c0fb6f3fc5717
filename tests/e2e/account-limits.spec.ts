import { expect, test } from "./support/test";
import {
  apiSignIn,
  confirmingIfAsked,
  createApprovedUser,
  E2E_OWNER,
  expectToast,
  HASHING,
  newClient,
  siteOrigin,
  teamRow,
  toast,
} from "./support/auth-helpers";
import { gotoHydrated } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * Account limits in the browser (decision 0030): ten failed sign-ins lock an account (the
 * right password then gets the wrong-password answer) until the wait is over or an owner
 * lifts it; and the "Confirm it's you" page that sensitive changes send an owner to.
 */

test("10 failed sign-ins lock an account with the wrong-password answer; an owner sees it and lifts it", async ({
  browser,
  owner,
}) => {
  test.slow(); // a dozen password hashes
  const { user } = await createApprovedUser(browser, owner, "locked");
  // From two addresses, five each: the per-IP limit (5 a minute) is not what stops them.
  for (let client = 0; client < 2; client++) {
    const { request } = await newClient(browser);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await apiSignIn(request, {
        email: user.email,
        password: `Wrong-Pass-${attempt}`,
      });
      expect(response.status()).toBe(400);
    }
  }
  const { page, context } = await newClient(browser);
  await gotoHydrated(page, "/auth");
  const form = page.locator("form#sign-in");
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(form.getByRole("alert")).toHaveText(/^Invalid email or password\.?$/, HASHING);
  await expect(page).toHaveURL(/\/auth$/);
  expect((await context.cookies()).some((cookie) => cookie.name.endsWith("session_token"))).toBe(
    false,
  );

  const ownerView = await newClient(browser, { storageState: owner });
  await gotoHydrated(ownerView.page, "/admin/settings");
  const row = teamRow(ownerView.page, user.email);
  await expect(row.getByText(/^Locked until /)).toBeVisible();
  const activity = ownerView.page.getByRole("list", { name: "Account activity" });
  await expect(activity).toContainText(
    `${user.name}: Locked for 15 minutes after 10 failed sign-ins`,
  );
  await expect(activity).toContainText(`${user.name}: Sign-in refused: the account is locked`);
  await row.getByRole("button", { name: `Lift lockout for ${user.name}` }).click();
  await expectToast(ownerView.page, "Lockout lifted", { type: "success" });
  await expect(row.getByText(/^Locked until /)).toHaveCount(0);
  await expect(activity).toContainText(`${user.name}: Lockout lifted by ${E2E_OWNER.name}`);

  await form.getByLabel("Password").fill(user.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${siteOrigin()}/admin`, HASHING);

  // An owner can also end every session of a member (a lost laptop).
  await ownerView.page.reload();
  ownerView.page.on("dialog", (dialog) => void dialog.accept());
  await confirmingIfAsked(
    ownerView.page,
    () => row.getByRole("button", { name: `End sessions for ${user.name}` }).click(),
    toast(ownerView.page, "Sessions ended"),
  );
  await expect(row).toContainText(/\b0 active sessions/);
  await expect(activity).toContainText(`${user.name}: Every session ended by ${E2E_OWNER.name}`);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
});

test("Confirm it's you: a wrong password is refused, the right one goes back to where it was asked", async ({
  browser,
}) => {
  const { page, request } = await newClient(browser);
  expect((await apiSignIn(request, E2E_OWNER)).status()).toBe(302);
  await gotoHydrated(page, "/admin/confirm?redirectTo=%2Fadmin%2Fsettings");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
  await expectNoAxeViolations(page, "Confirm it's you");
  const form = page.locator("form#confirm-password");
  await form.getByLabel("Password").fill("Not-The-Password1");
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(form.getByText("The current password is not correct")).toBeVisible(HASHING);
  await form.getByLabel("Password").fill(E2E_OWNER.password);
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${siteOrigin()}/admin/settings`, HASHING);
  await expectToast(page, "Confirmed", {
    type: "success",
    description: "For the next 10 minutes you can change passwords, two-factor sign-in and roles.",
  });
  // Never anywhere but the back office afterwards.
  await gotoHydrated(
    page,
    `/admin/confirm?redirectTo=${encodeURIComponent("https://evil.example")}`,
  );
  await form.getByLabel("Password").fill(E2E_OWNER.password);
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${siteOrigin()}/admin`, HASHING);
});
