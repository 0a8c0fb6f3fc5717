import { expect, test, type Page } from "./support/test";
import {
  apiSignIn,
  apiSignUp,
  approveInSettings,
  confirmingIfAsked,
  E2E_OWNER,
  expectToast,
  HASHING,
  holdNextPost,
  newClient,
  postForm,
  roleBadges,
  sessionCookie,
  siteOrigin,
  teamRow,
  toast,
  uniqueUser,
  userIdInSettings,
} from "./support/auth-helpers";
import { gotoHydrated } from "./support/browser";

/*
 * The sign-in page, the admin guard and the account rules, end to end against the built
 * server. Each test makes its own users; the owner's signed-in state is made once per file.
 */

const ADMIN_ROUTES = ["/admin", "/admin/profile", "/admin/settings", "/admin/no-such-page"];
const INVALID_CREDENTIALS = /^Invalid email or password\.?$/;

function signInForm(page: Page) {
  return page.locator("form#sign-in");
}

function signUpForm(page: Page) {
  return page.locator("form#sign-up");
}

async function fillSignIn(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
}

test.describe("the /auth page", () => {
  test("title starts with 'Admin Login' and robots say noindex, nofollow", async ({ browser }) => {
    const { page, context } = await newClient(browser);
    await page.goto("/auth");
    await expect(page).toHaveTitle(/^Admin Login/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex, nofollow",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Manage your locksmith business")).toBeVisible();
    await context.close();
  });

  test("the CSP header carries a fresh nonce and every inline script has it", async ({
    browser,
  }) => {
    const { page, context, request } = await newClient(browser);
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/auth");
      expect(response.status()).toBe(200);
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp).toContain("default-src 'self'");
      const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const nonce = scriptSrc.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
      expect(nonce, `a nonce in ${scriptSrc}`).toBeTruthy();
      nonces.push(nonce!);

      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((match) => match[1]!)
        // Scripts the browser runs: not external files, not data blocks such as JSON-LD.
        .filter((attributes) => !/\ssrc=/.test(attributes))
        .filter((attributes) => !/\stype="application\/(ld\+)?json"/.test(attributes));
      expect(inline.length, "the page has inline (hydration) scripts").toBeGreaterThan(0);
      for (const attributes of inline) {
        expect(attributes, "inline <script> attributes").toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces[0], "every response gets its own nonce").not.toBe(nonces[1]);

    // And the browser, enforcing that policy, runs the page: no CSP report, hydration works.
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await gotoHydrated(page, "/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/[?&]tab=sign-up/);
    expect(violations).toEqual([]);
    await context.close();
  });

  test("a cross-site POST to /auth is refused with 403", async ({ browser }) => {
    const { request, context } = await newClient(browser);
    const form = { intent: "sign-in", email: E2E_OWNER.email, password: E2E_OWNER.password };
    const evil = await postForm(request, "/auth", form, { origin: "https://evil.example" });
    expect(evil.status()).toBe(403);
    expect(await evil.text()).toContain("cross-site request refused");
    expect(await sessionCookie(context)).toBeUndefined();

    // No Origin and no Referer at all: refused too.
    const bare = await request.post("/auth", { form, maxRedirects: 0 });
    expect(bare.status()).toBe(403);

    // The same page's own origin gets through (an empty form: 400, no password check).
    const own = await postForm(request, "/auth", { intent: "sign-in", email: "", password: "" });
    expect(own.status()).toBe(400);
    await context.close();
  });

  test("with a session, /auth redirects to /admin (and a pending user to /auth/pending)", async ({
    browser,
    owner,
  }) => {
    const signedIn = await newClient(browser, { storageState: owner });
    await signedIn.page.goto("/auth");
    await expect(signedIn.page).toHaveURL(/\/admin$/);
    await expect(signedIn.page.getByRole("heading", { level: 1 })).toBeVisible();

    const pending = await newClient(browser);
    await apiSignUp(pending.request, uniqueUser("waiting"));
    await pending.page.goto("/auth");
    await expect(pending.page).toHaveURL(/\/auth\/pending$/);
    await signedIn.context.close();
    await pending.context.close();
  });
});

test.describe("validation messages", () => {
  test("sign-in: email and password are required", async ({ browser }) => {
    const { page, context } = await newClient(browser);
    await gotoHydrated(page, "/auth");
    const form = signInForm(page);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Password is required")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth$/);

    // The server says the same when the browser's checks are skipped.
    const response = await postForm(context.request, "/auth", { intent: "sign-in" });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Email is required");
    expect(html).toContain("Password is required");
    await context.close();
  });

  test("sign-up: required fields, too short, too weak", async ({ browser }) => {
    const { page, context } = await newClient(browser);
    await gotoHydrated(page, "/auth?tab=sign-up");
    const form = signUpForm(page);
    await expect(
      form.getByText(
        "Password must be at least 8 characters with uppercase, lowercase, and number",
      ),
    ).toBeVisible();

    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Password is required")).toBeVisible();

    const password = form.getByLabel("Password");
    await form.getByLabel("Full name").fill("Short Password");
    await form.getByLabel("Email").fill(uniqueUser("short").email);
    await password.fill("Ab1");
    await expect(form.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/at least 8 characters long/);

    await password.fill("password1");
    await expect(
      form.getByText(
        "Password must contain at least one uppercase letter, one lowercase letter, and one number",
      ),
    ).toBeVisible();
    await expect(form.getByText("Password must be at least 8 characters long")).toHaveCount(0);

    await password.fill("Passw0rdOK");
    await expect(
      form.getByText(/^Password must (contain|be at least 8 characters long)/),
    ).toHaveCount(0);
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth\?tab=sign-up$/);

    // The server enforces the rules too, and refuses a common breached password (nothing is created).
    for (const [weak, message] of [
      ["Ab1", "Password must be at least 8 characters long"],
      [
        "password1",
        "Password must contain at least one uppercase letter, one lowercase letter, and one number",
      ],
      ["Password1", "This password is too common. Choose another."],
    ] as const) {
      const response = await postForm(context.request, "/auth", {
        intent: "sign-up",
        name: "Weak Password",
        email: uniqueUser("weak").email,
        password: weak,
      });
      expect(response.status(), `sign-up with ${weak}`).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await sessionCookie(context)).toBeUndefined();
    await context.close();
  });
});

test.describe("signing in", () => {
  test("a wrong password shows the alert in the form and a 'Sign In Failed' toast", async ({
    browser,
  }) => {
    const { page, context } = await newClient(browser);
    await gotoHydrated(page, "/auth");
    await fillSignIn(page, E2E_OWNER.email, "Not-The-Password1");
    await signInForm(page).getByRole("button", { name: "Sign In" }).click();

    const alert = signInForm(page).getByRole("alert");
    await expect(alert).toHaveText(INVALID_CREDENTIALS, HASHING);
    await expectToast(page, "Sign In Failed", { type: "error", description: INVALID_CREDENTIALS });
    await expect(page).toHaveURL(/\/auth$/);
    expect(await sessionCookie(context)).toBeUndefined();

    // The server's answer never echoes the password back into the page.
    const response = await apiSignIn(context.request, {
      email: E2E_OWNER.email,
      password: "Echo-Check-Pass9",
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid email or password");
    expect(html).not.toContain("Echo-Check-Pass9");
    await context.close();
  });

  test("the 6th sign-in attempt within a minute from one IP is refused, even with the right password", async ({
    browser,
  }) => {
    const { page, context, request } = await newClient(browser);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await apiSignIn(request, {
        email: E2E_OWNER.email,
        password: `Wrong-Pass${attempt}`,
      });
      expect(response.status(), `attempt ${attempt} is judged on the password`).toBe(400);
      expect(await response.text()).toContain("Invalid email or password");
    }

    await gotoHydrated(page, "/auth");
    await fillSignIn(page, E2E_OWNER.email, E2E_OWNER.password);
    await signInForm(page).getByRole("button", { name: "Sign In" }).click();
    // A wait of exactly 60 s reads "1 minute" (formatWait in app/server/auth/errors.server.ts).
    const tooMany = /^Too many attempts\. Try again in (\d+ seconds?|1 minute)\.$/;
    await expect(signInForm(page).getByRole("alert")).toHaveText(tooMany);
    await expectToast(page, "Sign In Failed", { type: "error", description: tooMany });
    await expect(page).toHaveURL(/\/auth$/);
    expect(await sessionCookie(context)).toBeUndefined();

    const seventh = await apiSignIn(request, E2E_OWNER);
    expect(seventh.status()).toBe(429);

    // The limit is per IP: the same account signs in from another address at once.
    const elsewhere = await newClient(browser);
    expect((await apiSignIn(elsewhere.request, E2E_OWNER)).status()).toBe(302);
    await elsewhere.context.close();
    await context.close();
  });

  test("the button reads 'Signing In...' while submitting; redirectTo=https://evil.example lands on /admin", async ({
    browser,
  }) => {
    const { page, context } = await newClient(browser);
    await gotoHydrated(page, `/auth?redirectTo=${encodeURIComponent("https://evil.example")}`);
    await expect(signInForm(page).locator('input[name="redirectTo"]')).toHaveValue(
      "https://evil.example",
    );
    await fillSignIn(page, E2E_OWNER.email, E2E_OWNER.password);

    const hold = await holdNextPost(page, "/auth");
    const button = signInForm(page).getByRole("button", { name: /^Sign(ing)? In/ });
    await button.click();
    await hold.seen;
    await expect(button).toHaveText("Signing In...");
    await expect(button).toBeDisabled();
    hold.release();
    await hold.dispose();

    await expect(page).toHaveURL(`${siteOrigin()}/admin`);
    await expectToast(page, "Welcome back!", {
      type: "success",
      description: "You have been signed in successfully",
    });
    await context.close();
  });

  test("redirectTo=//evil.example lands on /admin; a path under /admin is honoured", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser);
    await gotoHydrated(page, `/auth?redirectTo=${encodeURIComponent("//evil.example")}`);
    await fillSignIn(page, E2E_OWNER.email, E2E_OWNER.password);
    await signInForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${siteOrigin()}/admin`, HASHING);
    await context.close();

    // The loader's redirect for someone already signed in follows the same rule.
    const signedIn = await newClient(browser, { storageState: owner });
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "javascript:alert(1)",
      "/auth",
    ]) {
      const response = await signedIn.request.get(
        `/auth?redirectTo=${encodeURIComponent(target)}`,
        { maxRedirects: 0 },
      );
      expect(response.status(), target).toBe(302);
      expect(response.headers()["location"], target).toBe("/admin");
    }
    const inside = await signedIn.request.get(
      `/auth?redirectTo=${encodeURIComponent("/admin/profile")}`,
      { maxRedirects: 0 },
    );
    expect(inside.headers()["location"]).toBe("/admin/profile");
    await signedIn.context.close();
  });
});

test.describe("the admin guard", () => {
  test("anonymous visitors are sent to /auth with a way back", async ({ browser }) => {
    const { request, page, context } = await newClient(browser);
    for (const path of ADMIN_ROUTES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe(
        `/auth?${new URLSearchParams({ redirectTo: path })}`,
      );
    }
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fsettings$/);
    await expect(signInForm(page)).toBeVisible();
    await context.close();
  });

  test("a pending user is refused on every admin route and action, and nothing changes", async ({
    browser,
    owner,
  }) => {
    const user = uniqueUser("pending");
    const pending = await newClient(browser);
    await apiSignUp(pending.request, user);

    const ownerClient = await newClient(browser, { storageState: owner });
    const userId = await userIdInSettings(ownerClient.page, user.email);

    for (const path of ADMIN_ROUTES) {
      const response = await pending.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"], path).toBe("/auth/pending");
      await pending.page.goto(path);
      await expect(pending.page, path).toHaveURL(/\/auth\/pending$/);
      await expect(
        pending.page.getByRole("heading", { name: "Your account is awaiting approval" }),
      ).toBeVisible();
    }
    // React Router's data requests (client-side navigation) are guarded the same way.
    const data = await pending.request.get("/admin/settings.data", { maxRedirects: 0 });
    const dataBody = await data.text();
    expect(dataBody).toContain("/auth/pending");
    expect(dataBody).not.toContain(E2E_OWNER.email);

    const attempts: [string, Record<string, string>][] = [
      ["/admin/settings", { intent: "set-role", userId, role: "owner" }],
      ["/admin/settings", { intent: "approve", userId }],
      ["/admin/settings", { intent: "remove", userId }],
      ["/admin/profile", { intent: "update-name", name: "Mallory Escalated" }],
      ["/admin/profile", { intent: "revoke-session", sessionId: "x" }],
    ];
    for (const [path, form] of attempts) {
      const response = await postForm(pending.request, path, form);
      expect(response.status(), `${path} ${form.intent}`).toBe(302);
      expect(response.headers()["location"], `${path} ${form.intent}`).toBe("/auth/pending");
      const viaData = await postForm(pending.request, `${path}.data`, form);
      expect(await viaData.text(), `${path}.data ${form.intent}`).toContain("/auth/pending");
    }

    // Nothing changed: still pending, same name, session still there.
    await gotoHydrated(ownerClient.page, "/admin/settings");
    const row = teamRow(ownerClient.page, user.email);
    await expect(roleBadges(row, "Pending approval")).toHaveCount(1);
    await expect(row).toContainText(user.name);
    await expect(row).not.toContainText("Mallory");
    await pending.page.goto("/auth/pending");
    await expect(pending.page.getByText(`Thanks, ${user.name}.`)).toBeVisible();

    await ownerClient.context.close();
    await pending.context.close();
  });

  test("an owner reaches every admin route; admin responses say X-Robots-Tag noindex", async ({
    browser,
    owner,
  }) => {
    const { request, page, context } = await newClient(browser, { storageState: owner });
    for (const path of ADMIN_ROUTES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(path === "/admin/no-such-page" ? 404 : 200);
      expect(response.headers()["x-robots-tag"], path).toMatch(/noindex/);
      expect(response.headers()["cache-control"], path).toContain("no-store");
    }
    await page.goto("/admin/no-such-page");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Account menu for/ })).toBeVisible();
    await context.close();
  });

  test("sign up → the same answer as for a taken email → sign in → awaiting approval → owner approves → 'Check again' reaches /admin as an admin", async ({
    browser,
    owner,
  }) => {
    test.slow(); // several password hashes and two browser contexts
    const user = uniqueUser("newbie");
    const { page, context, request } = await newClient(browser);
    await gotoHydrated(page, "/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = signUpForm(page);
    await form.getByLabel("Full name").fill(user.name);
    await form.getByLabel("Email").fill(user.email);
    await form.getByLabel("Password").fill(user.password);

    const hold = await holdNextPost(page, "/auth");
    const button = form.getByRole("button", { name: /^Creat(e|ing) Account/ });
    await button.click();
    await hold.seen;
    await expect(button).toHaveText("Creating Account...");
    await expect(button).toBeDisabled();
    hold.release();
    await hold.dispose();

    // Back on Sign In, signed in to nothing, with the answer a taken email gets too.
    await expect(page).toHaveURL(/\/auth\?tab=sign-in&signed-up=1$/, HASHING);
    const notice = page.getByRole("alert").filter({ hasText: "Thanks for signing up" });
    await expect(notice).toContainText(
      "If this email is new here, your account now waits for an owner's approval",
    );
    expect(await sessionCookie(context)).toBeUndefined();
    const taken = await postForm(context.request, "/auth", {
      intent: "sign-up",
      name: "Someone Else",
      email: E2E_OWNER.email,
      password: "Another-Pass-42",
    });
    expect(taken.status()).toBe(302);
    expect(taken.headers()["location"]).toBe("/auth?tab=sign-in&signed-up=1");
    expect(await sessionCookie(context)).toBeUndefined();

    await fillSignIn(page, user.email, user.password);
    await signInForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\/pending$/, HASHING);
    await expect(
      page.getByRole("heading", { name: "Your account is awaiting approval" }),
    ).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    // Not yet: "Check again" reloads the waiting page.
    await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().isNavigationRequest() &&
          new URL(response.url()).pathname === "/auth/pending",
      ),
      page.getByRole("link", { name: "Check again" }).click(),
    ]);
    await page.waitForLoadState();
    await expect(page).toHaveURL(/\/auth\/pending$/);
    await expect(
      page.getByRole("heading", { name: "Your account is awaiting approval" }),
    ).toBeVisible();

    const ownerClient = await newClient(browser, { storageState: owner });
    await approveInSettings(ownerClient.page, user);

    await page.getByRole("link", { name: "Check again" }).click();
    await expect(page).toHaveURL(`${siteOrigin()}/admin`);
    await expect(page.getByRole("button", { name: `Account menu for ${user.name}` })).toBeVisible();
    await page.goto("/admin/profile");
    await expect(page.getByText(`${user.email} · Admin`)).toBeVisible();

    // An admin uses the back office but cannot manage the team.
    for (const path of ADMIN_ROUTES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(path === "/admin/no-such-page" ? 404 : 200);
    }
    await page.goto("/admin/settings");
    await expect(
      page.getByText("Only an owner can approve sign-ups or change roles."),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: /^(Approve|Revoke access|Change role)/ }),
    ).toHaveCount(0);
    // Failed background work is the owner's: no link for an admin, refused on the server.
    await expect(page.getByRole("link", { name: "Failed background work" })).toHaveCount(0);
    expect((await request.get("/admin/settings/failed-work")).status()).toBe(403);
    expect(
      (
        await postForm(request, "/admin/settings/failed-work", {
          intent: "keep",
          keepDoneDays: "1",
        })
      ).status(),
    ).toBe(403);
    const ownerId = await userIdInSettings(ownerClient.page, E2E_OWNER.email);
    const refused = await postForm(request, "/admin/settings", {
      intent: "revoke",
      userId: ownerId,
    });
    expect(refused.status()).toBe(403);
    await gotoHydrated(ownerClient.page, "/admin/settings");
    await expect(roleBadges(teamRow(ownerClient.page, E2E_OWNER.email), "Owner")).toHaveCount(1);

    await ownerClient.context.close();
    await context.close();
  });
});

test.describe("ending sessions", () => {
  test("revoking a user ends their session at once", async ({ browser, owner }) => {
    test.slow(); // several password hashes and two browser contexts
    const user = uniqueUser("revoked");
    const member = await newClient(browser);
    await apiSignUp(member.request, user);
    const ownerClient = await newClient(browser, { storageState: owner });
    await approveInSettings(ownerClient.page, user);

    await gotoHydrated(member.page, "/admin");
    await expect(
      member.page.getByRole("button", { name: `Account menu for ${user.name}` }),
    ).toBeVisible();
    const oldCookie = await sessionCookie(member.context);
    expect(oldCookie).toBeTruthy();

    ownerClient.page.on("dialog", (dialog) => void dialog.accept());
    const row = teamRow(ownerClient.page, user.email);
    await expect(row).toContainText("1 active session");
    await confirmingIfAsked(
      ownerClient.page,
      () => row.getByRole("button", { name: `Revoke access for ${user.name}` }).click(),
      toast(ownerClient.page, "Access revoked"),
    );
    await expectToast(ownerClient.page, "Access revoked", {
      type: "success",
      description: "Their sessions have ended.",
    });
    await expect(roleBadges(row, "Pending approval")).toHaveCount(1);
    await expect(row).toContainText(/\b0 active sessions/);

    // The member's open page hears it (its live-update stream ends) and, reloading, finds
    // no session: it goes to sign-in by itself. Within seconds; ten on a loaded CI machine,
    // where five once ran out (the sessions' change, its recheck, the reload). Usually with
    // the way back to /admin; without it when the reload's check fell between better-auth's
    // two reads (the session, then its user, already pending): the waiting page then sends a
    // visitor with no session to plain /auth (a full run of 2026-12-03). Either way it is the
    // sign-in form, and a pending account goes to the waiting page after signing in.
    await expect(member.page).toHaveURL(/\/auth(\?redirectTo=%2Fadmin)?$/, { timeout: 10_000 });
    await expect(signInForm(member.page)).toBeVisible();

    // Its session row is gone: the old cookie is anonymous even on the pending page.
    const replay = await newClient(browser);
    await replay.context.addCookies([
      { name: "better-auth.session_token", value: oldCookie!, url: siteOrigin() },
    ]);
    const pendingPage = await replay.request.get("/auth/pending", { maxRedirects: 0 });
    expect(pendingPage.status()).toBe(302);
    expect(pendingPage.headers()["location"]).toBe("/auth");
    await replay.context.close();

    // The account itself is back to pending: signing in again lands on the waiting page.
    await fillSignIn(member.page, user.email, user.password);
    await signInForm(member.page).getByRole("button", { name: "Sign In" }).click();
    await expect(member.page).toHaveURL(/\/auth\/pending$/, HASHING);
    await expect(
      member.page.getByRole("heading", { name: "Your account is awaiting approval" }),
    ).toBeVisible();

    await ownerClient.context.close();
    await member.context.close();
  });

  test("the last owner cannot demote or revoke themself", async ({ browser }) => {
    // A session of its own: if the rule failed, only this one would be lost.
    const { page, context, request } = await newClient(browser);
    expect((await apiSignIn(request, E2E_OWNER)).status()).toBe(302);
    await context.clearCookies({ name: "lockline_toast" });
    await gotoHydrated(page, "/admin/settings");
    await expect(
      roleBadges(page, "Owner"),
      "precondition: the e2e owner is the only owner (no test may promote anyone to owner)",
    ).toHaveCount(1);

    const me = teamRow(page, E2E_OWNER.email);
    const role = me.getByLabel(`Role for ${E2E_OWNER.name}`);
    await expect(me.getByText("You", { exact: true })).toBeVisible();

    const attempts: [string, () => Promise<void>][] = [
      [
        "demote to admin",
        async () => {
          await role.selectOption("admin");
          await me.getByRole("button", { name: `Change role for ${E2E_OWNER.name}` }).click();
        },
      ],
      [
        "revoke access",
        async () => {
          page.once("dialog", (dialog) => dialog.accept());
          await me.getByRole("button", { name: `Revoke access for ${E2E_OWNER.name}` }).click();
        },
      ],
    ];
    for (const [what, attempt] of attempts) {
      const answer = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          new URL(response.url()).pathname.startsWith("/admin/settings"),
      );
      await attempt();
      // Answered (400 today; a fix may answer 200 with the error): the role check below decides.
      expect((await answer).status(), `${what}: answered without a crash`).toBeLessThan(500);
      // The 'Error' toast (docs/spec/back-office.md §8), shown right away on the page where the
      // owner clicked.
      await expect
        .soft(
          toast(page, "Error").filter({ hasText: "The last owner cannot be demoted or removed." }),
          `${what}: the error toast 'The last owner cannot be demoted or removed.' appears after the click`,
        )
        .toBeVisible();

      // Twice: a toast cookie left unread by the page above pops up on the first load only.
      await page.reload();
      await gotoHydrated(page, "/admin/settings");
      await expect(page, `${what}: still signed in`).toHaveURL(/\/admin\/settings$/);
      await expect(role, `${what}: role unchanged`).toHaveValue("owner");
      await expect(roleBadges(me, "Owner")).toHaveCount(1);
      await expect(me).toContainText(/\b[1-9]\d* active sessions?/);
    }
    await context.close();
  });
});
