import { expect, test, type Page } from "./support/test";
import {
  apiSignIn,
  createApprovedUser,
  E2E_OWNER,
  expectToast,
  newClient,
  roleBadges,
  sessionCookie,
  siteOrigin,
  teamRow,
  toast,
} from "./support/auth-helpers";
import {
  answerWithCode,
  enrolTwoFactor,
  freshCode,
  twoFactorCard,
  wrongCode,
} from "./support/account-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * Two-factor sign-in in the browser (decision 0030): a person adds an authenticator in
 * Profile, signs out, signs in with a code and with a recovery code, and turns it off with a
 * code; an owner requires it for everyone, a member without it is sent to enrol first, and
 * an owner resets a member who lost their phone.
 */

async function logOut(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${siteOrigin()}/auth`);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/auth");
  const form = page.locator("form#sign-in");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test("enrol in Profile, sign out, sign in with a code, then with a recovery code; turn it off with a code", async ({
  browser,
  owner,
}) => {
  test.slow(); // password hashes, several sign-ins
  const { user, client } = await createApprovedUser(browser, owner, "totp");
  const { page, context } = client;

  // Off at first; adding one asks for the password.
  await gotoHydrated(page, "/admin/profile");
  const card = twoFactorCard(page);
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByLabel("Your password").fill("Not-My-Password1");
  await card.getByRole("button", { name: "Add an authenticator app" }).click();
  await expect(card.getByText("The current password is not correct")).toBeVisible();

  // A wrong code keeps the QR code and key on screen, with the error next to the field.
  await card.getByLabel("Your password").fill(user.password);
  await card.getByRole("button", { name: "Add an authenticator app" }).click();
  const key = card.getByTestId("totp-secret");
  await expect(key).toBeVisible();
  await expectNoAxeViolations(page, "Profile while adding an authenticator");
  await card.getByLabel("Code from the app").fill("12345");
  await card.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(card.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await page.reload();
  await expect(card.getByText("Off", { exact: true })).toBeVisible();

  const app = await enrolTwoFactor(page, user.password);
  await expect(card.getByTestId("recovery-codes-left")).toHaveText(/^10 recovery codes left\./);

  // Sign out; the password alone now leads to the code.
  await logOut(page, user.name);
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  expect(await sessionCookie(context), "no session before the code").toBeUndefined();
  await expectNoAxeViolations(page, "the sign-in's code step");
  await answerWithCode(page, wrongCode(app));
  const challenge = page.locator("form#two-factor-totp");
  await expect(
    challenge.getByText("That code is not right, or it was used already."),
  ).toBeVisible();
  await expectToast(page, "Sign In Failed", {
    type: "error",
    description: /^That code is not right, or it was used already\./,
  });
  await answerWithCode(page, freshCode(app));
  await expect(page).toHaveURL(`${siteOrigin()}/admin`);
  await expectToast(page, "Welcome back!", { type: "success" });

  // Again, with a recovery code instead of the phone.
  await logOut(page, user.name);
  await signInWithPassword(page, user.email, user.password);
  await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(app.recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${siteOrigin()}/admin`);

  // Each recovery code works once.
  await logOut(page, user.name);
  await signInWithPassword(page, user.email, user.password);
  await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(app.recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page
      .locator("form#two-factor-recovery")
      .getByText("That recovery code is not right, or it was used already."),
  ).toBeVisible();
  await page.getByLabel("Recovery code").fill(app.recoveryCodes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${siteOrigin()}/admin`);

  // Turning it off takes a code.
  await gotoHydrated(page, "/admin/profile");
  await expect(card.getByTestId("recovery-codes-left")).toHaveText(/^8 recovery codes left\./);
  await card.getByLabel("Code from the app, or a recovery code").fill(app.recoveryCodes[0]!);
  await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(
    card.getByText("That recovery code is not right, or it was used already."),
  ).toBeVisible();
  await card.getByLabel("Code from the app, or a recovery code").fill(freshCode(app));
  await card.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expectToast(page, "Two-factor sign-in is off", { type: "success" });
  await expect(card.getByText("Off", { exact: true })).toBeVisible();

  // The password alone signs in again.
  await logOut(page, user.name);
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL(`${siteOrigin()}/admin`);
});

test("an owner requires two-factor: a member without it is sent to enrol first; an owner resets a member's", async ({
  browser,
  owner,
}) => {
  test.slow(); // two enrolments, several accounts
  // The e2e owner, freshly signed in (changing roles needs a recent password).
  const main = await newClient(browser);
  expect((await apiSignIn(main.request, E2E_OWNER)).status()).toBe(302);
  await main.context.clearCookies({ name: "lockline_toast" });
  // A second owner who will have two-factor: the rule needs its owner to have it first.
  const { user: boss, client: bossClient } = await createApprovedUser(browser, owner, "boss");
  const { user: member, client: memberClient } = await createApprovedUser(browser, owner, "crew");

  await gotoHydrated(main.page, "/admin/settings");
  const requireButton = main.page.getByRole("button", { name: "Require for everyone" });
  await requireButton.click();
  await expect(
    toast(main.page, "Error").filter({
      hasText:
        "Turn on two-factor sign-in for yourself first (in Profile), then require it for everyone.",
    }),
  ).toBeVisible();

  const bossRow = teamRow(main.page, boss.email);
  await bossRow.getByLabel(`Role for ${boss.name}`).selectOption("owner");
  await bossRow.getByRole("button", { name: `Change role for ${boss.name}` }).click();
  await expectToast(main.page, "Role updated", { type: "success" });

  try {
    const bossApp = await enrolTwoFactor(bossClient.page, boss.password);
    await gotoHydrated(bossClient.page, "/admin/settings");
    await bossClient.page.getByRole("button", { name: "Require for everyone" }).click();
    await expectToast(bossClient.page, "Two-factor sign-in required", { type: "success" });
    await expect(bossClient.page.getByText("Required", { exact: true })).toBeVisible();
    const memberRow = teamRow(bossClient.page, member.email);
    await expect(memberRow.getByText("Two-factor off")).toBeVisible();
    await expect(teamRow(bossClient.page, boss.email).getByText("Two-factor on")).toBeVisible();

    // The member reaches nothing but Profile, on the server, pages and data alike.
    const { page } = memberClient;
    await page.goto("/admin/leads");
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(
      page.getByText(
        "An owner requires two-factor sign-in. Add an authenticator app below to go on.",
      ),
    ).toBeVisible();
    for (const path of ["/admin", "/admin/leads", "/admin/settings", "/admin/leads.data"]) {
      const response = await memberClient.request.get(path, { maxRedirects: 0 });
      const answer =
        response.status() === 302 ? response.headers()["location"] : await response.text();
      expect(answer, path).toContain("/admin/profile");
    }
    expect((await memberClient.request.get("/api/events")).status()).toBe(401);
    await page.setViewportSize(MOBILE);
    await expectNoAxeViolations(page, "Profile, sent to enrol (375 px)");

    await enrolTwoFactor(page, member.password);
    await page.goto("/admin/leads");
    await expect(page).toHaveURL(/\/admin\/leads$/);

    // The member lost their phone: an owner resets it (after checking who it is).
    await gotoHydrated(bossClient.page, "/admin/settings");
    await expect(memberRow.getByText("Two-factor on")).toBeVisible();
    bossClient.page.on("dialog", (dialog) => void dialog.accept());
    await memberRow.getByRole("button", { name: `Reset two-factor for ${member.name}` }).click();
    await expectToast(bossClient.page, "Two-factor sign-in reset", { type: "success" });
    await expect(memberRow.getByText("Two-factor off")).toBeVisible();
    await expect(memberRow).toContainText(/\b0 active sessions/);
    const activity = bossClient.page.getByRole("list", { name: "Account activity" });
    await expect(activity.getByRole("listitem").first()).toContainText(
      `${member.name}: Two-factor sign-in reset by ${boss.name}`,
    );
    await expect(activity).toContainText(`${member.name}: Turned on two-factor sign-in`);
    await expect(activity).toContainText(`${boss.name}: Required two-factor sign-in for everyone`);
    await page.reload();
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    // Signing in with the password alone: straight to enrolment again, while it is required.
    await signInWithPassword(page, member.email, member.password);
    await expect(page).toHaveURL(/\/admin\/profile$/);
    expect(bossApp.recoveryCodes).toHaveLength(10);
  } finally {
    // Leave the team as the other tests expect it: optional, one owner.
    await gotoHydrated(bossClient.page, "/admin/settings");
    const optional = bossClient.page.getByRole("button", { name: "Make optional" });
    if (await optional.isVisible()) {
      await optional.click();
      await expectToast(bossClient.page, "Two-factor sign-in optional");
    }
    await gotoHydrated(main.page, "/admin/settings");
    main.page.on("dialog", (dialog) => void dialog.accept());
    await teamRow(main.page, boss.email)
      .getByRole("button", { name: `Revoke access for ${boss.name}` })
      .click();
    await expectToast(main.page, "Access revoked");
    await expect(roleBadges(main.page, "Owner")).toHaveCount(1);
  }
});
