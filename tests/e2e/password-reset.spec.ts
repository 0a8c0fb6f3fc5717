import { startSmtpCatcher, type SmtpCatcher } from "../helpers/smtp-catcher";
import { expect, test, type Page } from "./support/test";
import {
  apiSignIn,
  createApprovedUser,
  E2E_OWNER,
  expectToast,
  HASHING,
  newClient,
  siteOrigin,
  teamRow,
  uniqueUser,
} from "./support/auth-helpers";
import { gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * Password resets in the browser (decision 0030): "Forgot password?" mails a one-time link
 * (caught here by an in-process SMTP server on the port the test server sends to), the same
 * answer for an unknown address; the new password ends every old session. And the link an
 * owner makes in Settings → Team, shown once, to pass on.
 */

const SENT =
  "If an account uses that email, a link to choose a new password is on its way. It works once, within 1 hour.";
const GONE =
  "This reset link is not valid any more: it was used, replaced by a newer one, or it expired.";

let smtp: SmtpCatcher;

test.beforeAll(async ({ siteServer }) => {
  smtp = await startSmtpCatcher(siteServer.smtpPort);
});

test.afterAll(async () => {
  await smtp.close();
});

async function askForLink(page: Page, email: string) {
  await gotoHydrated(page, "/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("alert")).toHaveText(SENT);
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Repeat new password").fill(password);
  await page.getByRole("button", { name: "Set new password" }).click();
}

test("forgot password: a mailed link → a new password → every old session ended; the link works once", async ({
  browser,
  owner,
}) => {
  test.slow(); // several password hashes, mail
  const { user, client: member } = await createApprovedUser(browser, owner, "forgetful");
  const elsewhere = await newClient(browser);
  expect((await apiSignIn(elsewhere.request, user)).status()).toBe(302);

  const { page } = await newClient(browser);
  await askForLink(page, user.email);
  await expectNoAxeViolations(page, "Forgot password, sent");
  // An address without an account gets the same answer, and no mail goes anywhere.
  const nobody = uniqueUser("nobody").email;
  await askForLink(page, nobody);

  const mail = await smtp.next(user.email);
  expect(mail.subject).toMatch(/^Reset your .+ password$/);
  const link = mail.text.match(/http\S+\/auth\/reset\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(siteOrigin())).toBe(true);
  await expect(smtp.next(nobody, 1000)).rejects.toThrow(/no mail/);

  await gotoHydrated(page, link!);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  await expect(page.getByText(`For ${user.email}.`)).toBeVisible();
  await expectNoAxeViolations(page, "Choose a new password");
  // The same rules as everywhere.
  await setNewPassword(page, "Password1");
  await expect(page.getByText("This password is too common. Choose another.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Copper-Owl-73");
  await page.getByLabel("Repeat new password").fill("Copper-Owl-74");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();

  await setNewPassword(page, "Copper-Owl-73");
  await expect(page).toHaveURL(`${siteOrigin()}/auth`, HASHING);
  await expectToast(page, "Password changed", {
    type: "success",
    description: "Sign in with your new password. Every other session of this account has ended.",
  });

  // Both old sessions are over.
  for (const old of [member, elsewhere]) {
    const admin = await old.request.get("/admin", { maxRedirects: 0 });
    expect(admin.status()).toBe(302);
    expect(admin.headers()["location"]).toBe("/auth?redirectTo=%2Fadmin");
  }
  // The old password is refused, the new one signs in.
  expect((await apiSignIn((await newClient(browser)).request, user)).status()).toBe(400);
  const fresh = await newClient(browser);
  expect(
    (await apiSignIn(fresh.request, { email: user.email, password: "Copper-Owl-73" })).status(),
  ).toBe(302);

  // The link is spent.
  const again = await page.request.get(link!);
  expect(again.status()).toBe(404);
  await gotoHydrated(page, link!);
  await expect(page.getByText(GONE)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/auth/forgot",
  );

  // The owner sees it in the account activity.
  const ownerView = await newClient(browser, { storageState: owner });
  await gotoHydrated(ownerView.page, "/admin/settings");
  await expect(ownerView.page.getByRole("list", { name: "Account activity" })).toContainText(
    `${user.name}: Set a new password through an emailed reset link`,
  );
});

test("an owner makes a reset link for a member: shown once, it sets a new password", async ({
  browser,
  owner,
}) => {
  test.slow();
  const { user, client: member } = await createApprovedUser(browser, owner, "linked");
  // Freshly signed in: making a reset link needs a password from the last 10 minutes.
  const { page, request } = await newClient(browser);
  expect((await apiSignIn(request, E2E_OWNER)).status()).toBe(302);
  await gotoHydrated(page, "/admin/settings");
  page.on("dialog", (dialog) => void dialog.accept());
  const row = teamRow(page, user.email);
  await expect(row.getByRole("button", { name: `Reset link for ${E2E_OWNER.name}` })).toHaveCount(
    0,
  );
  await row.getByRole("button", { name: `Reset link for ${user.name}` }).click();
  const notice = page.getByTestId("reset-link");
  await expect(notice).toContainText(`A password reset link for ${user.name}`);
  await expect(notice).toContainText("it works once, within 24 hours, and is shown only now");
  const link = await notice.getByLabel("The reset link").inputValue();
  expect(link).toMatch(new RegExp(`^${siteOrigin()}/auth/reset/[A-Za-z0-9_-]{43}$`));
  await page.setViewportSize(MOBILE);
  await expectNoAxeViolations(page, "Settings with a reset link (375 px)");
  // Shown once: a reload does not bring it back.
  await page.reload();
  await expect(page.getByTestId("reset-link")).toHaveCount(0);

  const someone = await newClient(browser);
  await gotoHydrated(someone.page, link);
  await setNewPassword(someone.page, "Silver-Elm-58");
  await expectToast(someone.page, "Password changed", { type: "success", ...HASHING });
  expect((await member.request.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
  expect(
    (await apiSignIn(someone.request, { email: user.email, password: "Silver-Elm-58" })).status(),
  ).toBe(302);

  await gotoHydrated(page, "/admin/settings");
  const activity = page.getByRole("list", { name: "Account activity" });
  await expect(activity).toContainText(
    `${user.name}: Set a new password through an owner's reset link`,
  );
  await expect(activity).toContainText(
    `${user.name}: Password reset link made by ${E2E_OWNER.name}`,
  );
});
