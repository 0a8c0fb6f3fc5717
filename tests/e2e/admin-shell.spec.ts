import { expect, test, type Browser, type Page } from "./support/test";
import {
  apiSignIn,
  apiSignUp,
  createApprovedUser,
  E2E_OWNER,
  expectToast,
  HASHING,
  newClient,
  SESSION_COOKIE,
  sessionCookie,
  siteOrigin,
  TOAST_COOKIE,
  uniqueUser,
  withoutToast,
  type Client,
  type StorageState,
  type TestUser,
} from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE, VIEWPORTS, waitForHydration } from "./support/browser";
import { expectFitsAndPassesAxe } from "./support/screen-checks";

/*
 * The back-office shell (sidebar, drawer, header, log out), the Profile screen and the
 * accessibility of the auth and account screens, in Chromium against the built server.
 */

const NAV_LINKS = [
  "Dashboard",
  "Locksmiths",
  "Leads",
  "Dispatch Codes",
  "Jobs",
  "Call Logs",
  "Settings",
];

function accountMenuButton(page: Page, name: string) {
  return page.getByRole("banner").getByRole("button", { name: `Account menu for ${name}` });
}

/** A second client signed in as `user` (the admin shell open on it): "another device". */
async function signInOnAnotherDevice(browser: Browser, user: TestUser): Promise<Client> {
  const device = await newClient(browser);
  expect((await apiSignIn(device.request, user)).status()).toBe(302);
  await gotoHydrated(device.page, "/admin");
  await expect(accountMenuButton(device.page, user.name)).toBeVisible();
  return device;
}

async function widthOf(page: Page, selector: Parameters<Page["locator"]>[0]) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.getBoundingClientRect().width);
}

test.describe("sidebar", () => {
  test("Ctrl+B collapses it to icons, the cookie keeps it collapsed after a reload, tooltips name the icons", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner, viewport: DESKTOP });
    await gotoHydrated(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    const dashboard = nav.getByRole("link", { name: "Dashboard" });
    const label = dashboard.locator("span");
    await expect(nav).toHaveAttribute("data-collapsed", "false");
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(256);
    await expect(label).toHaveText("Dashboard");
    expect(await label.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(20);

    await page.keyboard.press("Control+b");
    await expect(nav).toHaveAttribute("data-collapsed", "true");
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "sidebar_state")?.value)
      .toBe("false");
    // Icons only: 3rem wide, the label is visually hidden but still names the link.
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(48);
    await expect
      .poll(() => label.evaluate((el) => el.getBoundingClientRect().width))
      .toBeLessThanOrEqual(1);
    await expect(dashboard).toHaveAccessibleName("Dashboard");
    await expect(nav.getByRole("heading", { name: "Management" })).toHaveClass(/sr-only/);

    // The server reads the cookie, so the first paint after a reload is already collapsed.
    const html = await (await context.request.get("/admin")).text();
    expect(html).toContain('data-collapsed="true"');
    await page.reload();
    await waitForHydration(page);
    await expect(nav).toHaveAttribute("data-collapsed", "true");
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().width)).toBe(48);
    await expect
      .poll(() => label.evaluate((el) => el.getBoundingClientRect().width))
      .toBeLessThanOrEqual(1);

    await dashboard.hover();
    await expect(page.getByRole("tooltip")).toHaveText("Dashboard");
    // Away from the icons first (Radix keeps a tooltip open while the pointer heads for it).
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2, { steps: 5 });
    await page.mouse.move(DESKTOP.width / 2 + 10, DESKTOP.height / 2 + 10);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await nav.getByRole("link", { name: "Settings" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Settings");

    await page.keyboard.press("Control+b");
    await expect(nav).toHaveAttribute("data-collapsed", "false");
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "sidebar_state")?.value)
      .toBe("true");
    await expect
      .poll(() => label.evaluate((el) => el.getBoundingClientRect().width))
      .toBeGreaterThan(20);
    await context.close();
  });

  test("at 375 px the trigger opens a drawer with the nav; choosing a link closes it and navigates", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner, viewport: MOBILE });
    await gotoHydrated(page, "/admin");
    // The desktop sidebar is not shown on a phone.
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    const trigger = page.getByRole("button", { name: "Toggle sidebar" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.click();
    const drawer = page.getByRole("dialog", { name: "Admin" });
    await expect(drawer).toBeVisible();
    // The drawer is modal: the rest of the page (trigger included) leaves the a11y tree.
    await expect(page.locator('[aria-label="Toggle sidebar"]:visible')).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    // 18rem on mobile (docs/spec/back-office.md §2). Soft, so the rest of the drawer's behaviour is
    // still checked.
    await expect.soft
      .poll(() => drawer.evaluate((el) => el.getBoundingClientRect().width), {
        message: "the drawer is 18rem (288 px) wide",
      })
      .toBe(288);
    for (const name of NAV_LINKS) {
      await expect(drawer.getByRole("link", { name }), name).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await trigger.click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Settings" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(await widthOf(page, "main")).toBeLessThanOrEqual(MOBILE.width);
    await context.close();
  });
});

test("a screen hydrates from React Router's own scripts, and marks the moment", async ({
  browser,
  owner,
}) => {
  // React Router's <Scripts /> as it ships: preloads and its bootstrap module (decision 0040).
  const { page, context } = await newClient(browser, { storageState: owner });
  const html = await (await page.request.get("/admin/payouts")).text();
  expect(html).toMatch(/<link[^>]*rel="modulepreload"/);
  expect(html).toMatch(/<script[^>]*type="module"[^>]*>[^<]*import/);
  await gotoHydrated(page, "/admin/payouts");
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("hydrated", "mark").length))
    .toBe(1);
  await context.close();
});

test("the first tap readies the alert sound after the tap has been answered, not during it", async ({
  browser,
  owner,
}) => {
  // Making an audio context takes 200 ms here (no sound card): inside the tap it held up
  // the tap's answer (the Dispatch bench's "open").
  const { page, context } = await newClient(browser, { storageState: owner });
  await page.addInitScript(() => {
    const made: (string | null)[] = [];
    const contexts: AudioContext[] = [];
    Object.assign(window, { made, contexts });
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        // The event being handled when it was made, if any (window.event).
        made.push((window as unknown as { event?: Event }).event?.type ?? null);
        contexts.push(this);
      }
    };
  });
  const made = () => page.evaluate(() => (window as unknown as { made: unknown[] }).made);
  await gotoHydrated(page, "/admin");
  expect(await made()).toEqual([]);
  await page.getByRole("heading", { level: 1 }).click();
  await expect.poll(made).toEqual([null]);
  // Allowed to play: a request arriving now rings.
  const state = () =>
    page.evaluate(() => (window as unknown as { contexts: AudioContext[] }).contexts[0]!.state);
  await expect.poll(state).toBe("running");
  // Once is enough.
  await page.getByRole("heading", { level: 1 }).click();
  await page.waitForTimeout(300);
  expect(await made()).toEqual([null]);
  await context.close();
});

test.describe("header", () => {
  test("shows initials, name and email; Log out from its menu ends the server session", async ({
    browser,
  }) => {
    // A session of its own, so signing it out leaves the worker's shared owner session alone.
    const { page, context, request } = await newClient(browser);
    expect((await apiSignIn(request, E2E_OWNER)).status()).toBe(302);
    await context.clearCookies({ name: TOAST_COOKIE });
    await gotoHydrated(page, "/admin");

    const menuButton = accountMenuButton(page, E2E_OWNER.name);
    await expect(menuButton.locator('[aria-hidden="true"]').first()).toHaveText("E2");
    await expect(menuButton).toContainText(E2E_OWNER.name);
    await expect(menuButton).toContainText(E2E_OWNER.email);

    const oldToken = await sessionCookie(context);
    expect(oldToken).toBeTruthy();

    await menuButton.click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await menu.getByRole("menuitem", { name: "Log out" }).click();

    await expect(page).toHaveURL(`${siteOrigin()}/auth`);
    await expectToast(page, "Signed out successfully", {
      type: "success",
      description: "You have been logged out of the admin dashboard.",
    });
    expect(await sessionCookie(context), "the browser's cookie is cleared").toBeUndefined();

    // Replaying the old cookie: the server no longer knows that session.
    const replay = await newClient(browser);
    await replay.context.addCookies([
      { name: SESSION_COOKIE, value: oldToken!, url: siteOrigin() },
    ]);
    const admin = await replay.request.get("/admin", { maxRedirects: 0 });
    expect(admin.status()).toBe(302);
    expect(admin.headers()["location"]).toBe("/auth?redirectTo=%2Fadmin");
    const auth = await replay.request.get("/auth", { maxRedirects: 0 });
    expect(auth.status(), "/auth treats the old cookie as anonymous").toBe(200);
    await replay.page.goto("/admin/profile");
    await expect(replay.page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fprofile$/);
    await replay.context.close();
    await context.close();
  });
});

test.describe("profile", () => {
  test("changing the display name updates the header", async ({ browser, owner }) => {
    const { user, client } = await createApprovedUser(browser, owner, "renamed");
    const { page, context } = client;
    await gotoHydrated(page, "/admin/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

    const before = accountMenuButton(page, user.name);
    await expect(before.locator('[aria-hidden="true"]').first()).toHaveText("RE");
    await expect(before).toContainText(user.email);

    const nameInput = page.getByLabel("Name", { exact: true });
    await expect(nameInput).toHaveValue(user.name);
    await nameInput.fill("");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();

    const newName = `Nora Renamed ${Date.now().toString(36)}`;
    await nameInput.fill(newName);
    await page.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "Profile updated", { type: "success" });
    const after = accountMenuButton(page, newName);
    await expect(after).toBeVisible();
    await expect(after).toContainText(newName);
    await expect(after.locator('[aria-hidden="true"]').first()).toHaveText("RE"); // from the email

    await page.reload();
    await expect(accountMenuButton(page, newName)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(newName);
    await context.close();
  });

  test("changing the password: a wrong current password is a field error; success ends the other sessions", async ({
    browser,
    owner,
  }) => {
    // Eight password hashes (sign-up, sign-ins, checks, the change): more than the default time.
    test.slow();
    const { user, client: a } = await createApprovedUser(browser, owner, "rekey");
    const b = await signInOnAnotherDevice(browser, user);

    const { page } = a;
    await gotoHydrated(page, "/admin/profile");
    const current = page.getByLabel("Current password", { exact: true });
    const next = page.getByLabel("New password", { exact: true });
    const repeat = page.getByLabel("Repeat new password", { exact: true });
    const newPassword = `Changed-Pass2-${Date.now().toString(36)}`;

    await current.fill("Wrong-Current-Pass1");
    await next.fill(newPassword);
    await repeat.fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is not correct")).toBeVisible(HASHING);
    await expect(current).toHaveAttribute("aria-invalid", "true");
    // Nothing happened: the other session still works.
    expect((await b.request.get("/admin", { maxRedirects: 0 })).status()).toBe(200);

    await current.fill(user.password);
    await next.fill(newPassword);
    await repeat.fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The passwords do not match")).toBeVisible();

    await repeat.fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expectToast(page, "Password changed", {
      type: "success",
      description: "Your other sessions have been signed out.",
      ...HASHING,
    });
    await expect(page.getByText("The current password is not correct")).toHaveCount(0);

    // This device stays signed in; the other one is out on its next request.
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await b.page.reload();
    await expect(b.page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);

    expect((await apiSignIn(b.request, user)).status(), "the old password is dead").toBe(400);
    const fresh = await apiSignIn(b.request, { email: user.email, password: newPassword });
    expect(fresh.status(), "the new password works").toBe(302);
    expect(fresh.headers()["location"]).toBe("/admin");

    await b.context.close();
    await a.context.close();
  });

  test("the sessions list marks 'This device'; 'End session' signs another device out", async ({
    browser,
    owner,
  }) => {
    const { user, client: a } = await createApprovedUser(browser, owner, "sessions");
    const b = await signInOnAnotherDevice(browser, user);

    const { page } = a;
    await gotoHydrated(page, "/admin/profile");
    await expect(page.getByRole("heading", { name: "Where you're signed in" })).toBeVisible();
    const sessions = page.getByRole("listitem").filter({ hasText: "last active" });
    await expect(sessions).toHaveCount(2);
    const mine = sessions.filter({ hasText: "This device" });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(a.ip);
    await expect(mine.getByRole("button", { name: /End session/ })).toHaveCount(0);
    const other = sessions.filter({ hasText: b.ip });
    await expect(other).not.toContainText("This device");

    await other.getByRole("button", { name: /^End session/ }).click();
    await expectToast(page, "Session ended", {
      type: "success",
      description: "That device has been signed out.",
    });
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText("This device");

    await b.page.reload();
    await expect(b.page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await b.context.close();
    await a.context.close();
  });
});

test.describe("accessibility (axe, WCAG 2.2 AA tags)", () => {
  let pending: StorageState;

  test.beforeAll(async ({ browser }) => {
    const { context, request } = await newClient(browser);
    await apiSignUp(request, uniqueUser("axe"));
    pending = withoutToast(await context.storageState());
    await context.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    const pages: [string, string, (owner: StorageState) => StorageState | undefined][] = [
      ["/auth, Sign In tab", "/auth", () => undefined],
      ["/auth, Sign Up tab", "/auth?tab=sign-up", () => undefined],
      ["the awaiting-approval page", "/auth/pending", () => pending],
      ["Profile", "/admin/profile", (owner) => owner],
      ["Settings", "/admin/settings", (owner) => owner],
      ["Text settings", "/admin/settings/messages", (owner) => owner],
      ["Night watch settings", "/admin/settings/night-watch", (owner) => owner],
      ["Failed background work", "/admin/settings/failed-work", (owner) => owner],
      ["Messages", "/admin/messages", (owner) => owner],
    ];
    for (const [what, path, state] of pages) {
      test(`${what} at ${label} has no violations`, async ({ browser, owner }) => {
        const { page, context } = await newClient(browser, {
          viewport,
          storageState: state(owner),
        });
        await gotoHydrated(page, path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
        if (path.includes("tab=sign-up")) {
          await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute(
            "aria-selected",
            "true",
          );
        }
        await expectFitsAndPassesAxe(page, `${what} at ${label}`);
        await context.close();
      });
    }
  }
});
