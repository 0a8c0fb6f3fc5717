import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Route,
} from "@playwright/test";
import { E2E_OWNER, sitePort } from "../../../playwright.config";
import { DESKTOP, gotoHydrated } from "./browser";

export { E2E_OWNER };

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const SESSION_COOKIE = "better-auth.session_token";
export const TOAST_COOKIE = "lockline_toast";

/** The origin of this worker's server (tests/e2e/support/test.ts). */
export function siteOrigin(): string {
  return `http://127.0.0.1:${sitePort(test.info().parallelIndex)}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Fake client IPs                                                                            */
/* ------------------------------------------------------------------------------------------ */

/*
 * The server trusts X-Forwarded-For from loopback, and rate-limits sign-in (5 a minute) and
 * sign-up (5 an hour) per client IP. Every context gets an address of its own so limits never
 * collide: 10.0.0.0/8, a block of 4096 per worker process (chosen by its pid, so a worker
 * restarted after a failure does not reuse the addresses its predecessor burned), counted up.
 */
const IP_BLOCK = process.pid % 4096;
let ipCounter = 0;

export function nextClientIp(): string {
  ipCounter += 1;
  if (ipCounter >= 4096) throw new Error("nextClientIp: this worker used up its 4095 addresses");
  const n = IP_BLOCK * 4096 + ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Users and contexts                                                                         */
/* ------------------------------------------------------------------------------------------ */

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

let userCounter = 0;

/** A user nobody else has: unique email and name (the name is unique too: buttons carry it). */
export function uniqueUser(label = "user"): TestUser {
  userCounter += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${userCounter}`;
  const first = label.charAt(0).toUpperCase() + label.slice(1);
  return {
    name: `${first} Tester ${tag}`,
    email: `${label}.${tag}@example.com`,
    password: `Start-Pass1-${tag}`,
  };
}

export interface Client {
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
  ip: string;
}

/** A fresh browser context with its own client IP (and optionally a signed-in state). */
export async function newClient(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Client> {
  const ip = nextClientIp();
  const context = await browser.newContext({
    baseURL: siteOrigin(),
    viewport: DESKTOP,
    // No service worker unless the test asks (`serviceWorkers: "allow"`): decision 0083.
    serviceWorkers: "block",
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, "x-forwarded-for": ip },
  });
  if (typeof options.storageState === "object") {
    const shared = options.storageState;
    madeFrom.set(context, shared);
    const open = openFrom.get(shared) ?? new Set<BrowserContext>();
    openFrom.set(shared, open.add(context));
    context.on("close", () => open.delete(context));
  }
  const page = await context.newPage();
  return { context, page, request: context.request, ip };
}

/** The shared signed-in state (a worker's `owner`) each context was made from. */
const madeFrom = new WeakMap<BrowserContext, StorageState>();
/** The contexts made from each shared state that are still open: one person's tabs. */
const openFrom = new WeakMap<StorageState, Set<BrowserContext>>();

/**
 * "Confirm it's you" renews the session (ASVS 7.2.4): the token the context was made from is
 * deleted on the server. A context made from a worker's shared state writes the new one back
 * into it, or every later test of the worker would find that state signed out (the Settings
 * tests that failed late in full runs: the first approval after ten minutes renewed the
 * owner's session, and the next use of `owner` met the sign-in page). The other open contexts
 * made from it get the new cookie too, as the same person's other tabs share it: a test that
 * kept the office open across an approval met the sign-in page there (door-check-id-photo,
 * 2026-12-01).
 */
async function keepRenewedSession(context: BrowserContext): Promise<void> {
  const shared = madeFrom.get(context);
  if (!shared) return;
  shared.cookies = (await context.storageState()).cookies;
  const others = [...(openFrom.get(shared) ?? [])].filter((other) => other !== context);
  await Promise.all(others.map((other) => other.addCookies(shared.cookies)));
}

/** A form POST the way a same-site page sends it (the CSRF check wants the Origin). */
export function postForm(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  options: { origin?: string } = {},
): Promise<APIResponse> {
  return request.post(path, {
    form,
    headers: { origin: options.origin ?? siteOrigin() },
    maxRedirects: 0,
  });
}

/** Signs in through the app's own /auth action; returns the raw response (302 on success). */
export function apiSignIn(
  request: APIRequestContext,
  credentials: { email: string; password: string },
  redirectTo = "",
): Promise<APIResponse> {
  return postForm(request, "/auth", {
    intent: "sign-in",
    email: credentials.email,
    password: credentials.password,
    redirectTo,
  });
}

/** The answer to every sign-up, new email or taken (decision 0030): back to Sign In. */
export const SIGNED_UP_LOCATION = "/auth?tab=sign-in&signed-up=1";

/**
 * Signs up through the app's own /auth action (which signs no one in), then signs in: the
 * context is then signed in, pending.
 */
export async function apiSignUp(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await postForm(request, "/auth", {
    intent: "sign-up",
    name: user.name,
    email: user.email,
    password: user.password,
    redirectTo: "",
  });
  expect(response.status(), `sign-up of ${user.email} should redirect`).toBe(302);
  expect(response.headers()["location"]).toBe(SIGNED_UP_LOCATION);
  const signIn = await apiSignIn(request, user);
  expect(signIn.status(), `sign-in of ${user.email} should redirect`).toBe(302);
}

/** A storage state without the one-shot toast cookie (it would pop up in every context). */
export function withoutToast(state: StorageState): StorageState {
  return { ...state, cookies: state.cookies.filter((cookie) => cookie.name !== TOAST_COOKIE) };
}

/** Signs in (one password check) in a throwaway context and returns its storage state. */
export async function signedInState(
  browser: Browser,
  credentials: { email: string; password: string },
): Promise<StorageState> {
  const { context, request } = await newClient(browser);
  try {
    const response = await apiSignIn(request, credentials);
    expect(response.status(), `sign-in of ${credentials.email} should redirect`).toBe(302);
    return withoutToast(await context.storageState());
  } finally {
    await context.close();
  }
}

/** The owner's signed-in state, for contexts that only need "an owner is looking". */
export function ownerState(browser: Browser): Promise<StorageState> {
  return signedInState(browser, E2E_OWNER);
}

/** The value of the session cookie in a context (undefined when signed out). */
export async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/* ------------------------------------------------------------------------------------------ */
/* Pages                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** A Sonner toast by its title. */
export function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]").filter({
    has: page.locator("[data-title]", { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
  });
}

/**
 * How long an answer that hashes a password may take: a full-cost hash (decision 0030) takes
 * under a second on a quiet core, several on a 2-core machine running two browsers and two
 * servers, and a password change hashes twice.
 */
export const HASHING = { timeout: 20_000 };

export async function expectToast(
  page: Page,
  title: string,
  options: {
    type?: "success" | "error" | "info";
    description?: string | RegExp;
    timeout?: number;
  } = {},
): Promise<void> {
  const item = toast(page, title);
  await expect(item, `toast '${title}'`).toBeVisible({ timeout: options.timeout });
  if (options.type) await expect(item).toHaveAttribute("data-type", options.type);
  if (options.description) {
    await expect(item.locator("[data-description]")).toHaveText(options.description);
  }
}

/** The Settings → Team row of a member. */
export function teamRow(page: Page, email: string): Locator {
  return page.getByRole("listitem").filter({ hasText: email });
}

/** The role badges (Owner, Admin, Pending approval) inside a Team row or the whole page. */
export function roleBadges(scope: Page | Locator, label: string): Locator {
  return scope.locator("p > span").filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
}

/**
 * An owner approves a pending member in Settings → Team (in the owner's own context) and
 * checks the row now says Admin.
 */
export async function approveInSettings(ownerPage: Page, user: TestUser): Promise<void> {
  await gotoHydrated(ownerPage, "/admin/settings");
  const row = teamRow(ownerPage, user.email);
  await expect(roleBadges(row, "Pending approval")).toHaveCount(1);
  await confirmingIfAsked(
    ownerPage,
    () => row.getByRole("button", { name: `Approve ${user.name}` }).click(),
    toast(ownerPage, "Account approved"),
  );
  await expectToast(ownerPage, "Account approved", { type: "success" });
  await expect(roleBadges(row, "Admin")).toHaveCount(1);
}

/** The page that asks for the password again before a change to passwords, two-factor or roles. */
export function confirmHeading(page: Page): Locator {
  return page.getByRole("heading", { level: 1, name: "Confirm it's you" });
}

/**
 * Does a team change that needs a password from the last 10 minutes: when the server sends
 * the owner to confirm it's them first (an owner state older than that), confirms with the
 * password, comes back and does it again. `done` shows once the change is made.
 */
export async function confirmingIfAsked(
  page: Page,
  act: () => Promise<void>,
  done: Locator,
  password = E2E_OWNER.password,
): Promise<void> {
  await act();
  await expect(done.or(confirmHeading(page))).toBeVisible();
  if (!(await confirmHeading(page).isVisible())) return;
  const form = page.locator("form#confirm-password");
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Confirmed", { type: "success", ...HASHING });
  await keepRenewedSession(page.context());
  await act();
  await expect(done).toBeVisible();
}

/** The user id behind a Team row (the forms carry it in a hidden input). */
export async function userIdInSettings(ownerPage: Page, email: string): Promise<string> {
  await gotoHydrated(ownerPage, "/admin/settings");
  const id = await teamRow(ownerPage, email).locator('input[name="userId"]').first().inputValue();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

/**
 * A new user who signed up in a context of their own (so it holds their first session) and
 * was approved by the owner: an admin, signed in.
 */
export async function createApprovedUser(
  browser: Browser,
  owner: StorageState,
  label = "admin",
  options: BrowserContextOptions = {},
): Promise<{ user: TestUser; client: Client }> {
  const user = uniqueUser(label);
  const client = await newClient(browser, options);
  await apiSignUp(client.request, user);
  await client.context.clearCookies({ name: TOAST_COOKIE });
  const ownerClient = await newClient(browser, { storageState: owner });
  try {
    await approveInSettings(ownerClient.page, user);
  } finally {
    await ownerClient.context.close();
  }
  return { user, client };
}

/* ------------------------------------------------------------------------------------------ */
/* Accessibility                                                                              */
/* ------------------------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------------------------ */
/* Holding a form submission                                                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Holds the next POST to `pathname` (the document POST or React Router's `.data` fetch) until
 * `release()` is called, so a test can look at the page while the request is in flight.
 */
export async function holdNextPost(
  page: Page,
  pathname: string,
): Promise<{ seen: Promise<void>; release: () => void; dispose: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markSeen!: () => void;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  let markDone!: () => void;
  const done = new Promise<void>((resolve) => (markDone = resolve));
  let held = false;
  const matcher = (url: URL) => url.pathname === pathname || url.pathname === `${pathname}.data`;
  const handler = async (route: Route) => {
    if (held || route.request().method() !== "POST") return route.fallback();
    held = true;
    markSeen();
    await released;
    await route.continue();
    markDone();
  };
  await page.route(matcher, handler);
  return {
    seen,
    release,
    dispose: async () => {
      release();
      if (held) await done;
      await page.unroute(matcher, handler);
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
