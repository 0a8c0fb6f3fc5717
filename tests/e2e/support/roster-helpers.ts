import {
  expect,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "@playwright/test";
import { newClient, postForm, siteOrigin, TOAST_COOKIE, type Client } from "./auth-helpers";
import { gotoHydrated } from "./browser";

/*
 * Helpers for the Locksmiths and Leads specs: unique test records (the e2e database also
 * holds the demo data, so every record a test makes carries a tag of its own) and the
 * dialogs and rows an operator works with.
 */

let counter = 0;

/**
 * A client whose pages do not open the live-update stream, for tests that assert toasts:
 * other tests' requests, announced live to every open page, would stack their own toasts
 * (some stay until dismissed) among the ones asserted. A live reload no longer loses a
 * send's answer or its toast (sends-in-flight.ts; leads.spec and locksmiths.spec pass with
 * the stream open); the live updates themselves are covered by their own tests.
 */
export async function quietClient(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Client> {
  const client = await newClient(browser, options);
  // A stream that never opens, not one refused by `context.route`: routing sends every
  // request of the context through the test runner and turns off its cache, so each page
  // fetched all its scripts again (about a tenth of these files' CPU, docs/bench/0024).
  await client.context.addInitScript(() => {
    class StreamThatNeverOpens extends EventTarget {
      static readonly CLOSED = 2;
      readyState = 0;
      close() {}
    }
    Object.defineProperty(window, "EventSource", { value: StreamThatNeverOpens });
  });
  return client;
}

/** A short tag nobody else has, for names that must find exactly one row. */
export function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(-10);
}

/** A valid US number nobody else has: 312-55X-XXXX from a counter and the clock. */
export function uniquePhone(): { typed: string; shown: string; digits: string } {
  counter += 1;
  const n = (Date.now() * 7 + process.pid * 13 + counter * 101) % 10_000_000;
  const digits = `312${String(n).padStart(7, "0")}`;
  return {
    typed: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    shown: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    digits,
  };
}

/** A valid US number nobody else uses (the website's form checks the exchange). */
export function webPhone(): { typed: string; e164: string; shown: string } {
  counter += 1;
  const n = (Date.now() + counter * 7919) % 8_000_000;
  const exchange = String(200 + Math.floor(n / 10_000));
  const line = String(n % 10_000).padStart(4, "0");
  return {
    typed: `773-${exchange}-${line}`,
    e164: `+1773${exchange}${line}`,
    shown: `(773) ${exchange}-${line}`,
  };
}

/**
 * A ZIP code no demo locksmith serves (the demo uses real Chicago-area ZIPs, 60xxx-62xxx):
 * one of 10000-59999, so a locksmith a test gives one is the only one covering it. The base
 * mixes the clock with the worker's pid: a worker restarted after a failure starts its
 * module anew and must not hand out the ZIPs an earlier worker gave. Successive ZIPs are a
 * prime stride apart, not neighbours: 11730 and 11731 lie a mile apart, and a locksmith one
 * test gives 11730 would be "near" (NEAR_MILES, app/lib/dispatch/ranking.ts) a request
 * another test sends from 11731 for a ZIP nobody covers.
 */
export function uniqueZip(): string {
  zipCounter += 1;
  return String(10_000 + ((ZIP_BASE + zipCounter * ZIP_STRIDE) % 50_000));
}

const ZIP_STRIDE = 7_919;

const ZIP_BASE = (Date.now() + process.pid * 7_919) % 50_000;
let zipCounter = 0;

export interface NewLocksmith {
  name: string;
  /** As typed; a new uniquePhone() when the test does not care which. */
  phone?: string;
  email?: string;
  zips?: string;
  cut?: string;
  payment?: string;
  /** Their own license; `expiresOn` as YYYY-MM-DD (daysFromToday). */
  license?: { number: string; expiresOn?: string };
  /**
   * Set Available (for 12 hours) from their page in the office after adding them: a new
   * locksmith starts Off (decision 0057). True unless a test wants them as they start.
   */
  available?: boolean;
}

/** Adds a locksmith and leaves the page on the Locksmiths list, hydrated (createLocksmith). */
export async function addLocksmith(page: Page, locksmith: NewLocksmith): Promise<void> {
  await createLocksmith(page, locksmith);
  await gotoHydrated(page, "/admin/locksmiths");
}

/**
 * Adds a locksmith as the Add Locksmith dialog posts it and sets them Available for 12 hours
 * as their page posts it (unless `available: false`), in the page's session; the page stays
 * where it is. A set-up step, so through the actions rather than four page loads: the dialog
 * and Set Available have browser tests of their own (locksmiths.spec).
 */
export async function createLocksmith(page: Page, locksmith: NewLocksmith): Promise<void> {
  await postAsOffice(page, "/admin/locksmiths", {
    intent: "create",
    name: locksmith.name,
    phone: locksmith.phone ?? uniquePhone().typed,
    email: locksmith.email ?? "",
    assignedZips: locksmith.zips ?? "",
    defaultCutPercent: locksmith.cut ?? "",
    paymentMethod: locksmith.payment ?? "",
    licenseNumber: locksmith.license?.number ?? "",
    licenseExpiresOn: locksmith.license?.expiresOn ?? "",
  });
  if (locksmith.available ?? true) {
    const id = await locksmithIdNamed(page, locksmith.name);
    await postAsOffice(page, `/admin/locksmiths/${id}`, {
      intent: "presence",
      presence: "available",
      hours: "12",
    });
  }
}

/**
 * Posts a back-office form as the page's own form would, in the page's session, and fails
 * with the answer unless it was a success. The one-shot toast the answer sets is dropped: it
 * would pop up on the next page as if the test had just done something there.
 */
async function postAsOffice(page: Page, path: string, form: Record<string, string>) {
  const response = await postForm(page.request, path, form);
  expect(response.status(), `POST ${path} (${form["intent"]}) should succeed`).toBe(200);
  await page.context().clearCookies({ name: TOAST_COOKIE });
}

/** The id of the one locksmith the Locksmiths search finds by this (unique) name. */
async function locksmithIdNamed(page: Page, name: string): Promise<string> {
  const response = await page.request.get(`/admin/locksmiths?${new URLSearchParams({ q: name })}`);
  expect(response.status()).toBe(200);
  const links = (await response.text()).matchAll(/href="\/admin\/locksmiths\/([0-9a-f-]{36})"/g);
  // The table and the phone's cards link the same locksmith.
  const ids = [...new Set(Array.from(links, (match) => match[1]!))];
  expect(ids, `one locksmith named ${name}`).toHaveLength(1);
  return ids[0]!;
}

/** A lead page's timeline (its list of what happened, newest first). */
export function leadTimeline(page: Page): Locator {
  return page.getByRole("list", { name: "Timeline, newest first" });
}

/** From the Locksmiths search to one locksmith's page in the office; returns its path. */
export async function openLocksmithPage(page: Page, name: string): Promise<string> {
  await gotoHydrated(page, `/admin/locksmiths?${new URLSearchParams({ q: name })}`);
  await page.getByRole("link", { name, exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** From the Locksmiths list to one locksmith's page in the office: Set Available, 12 hours. */
export async function setAvailable(page: Page, name: string): Promise<void> {
  await openLocksmithPage(page, name);
  await page.getByLabel("For", { exact: true }).selectOption("12");
  await page.getByRole("button", { name: "Set Available" }).click();
  await expect(page.locator("main").getByText(/^Available since /)).toBeVisible();
}

export interface NewLead {
  name: string;
  phone: string;
  serviceType?: string;
  zip?: string;
  address?: string;
  notes?: string;
  /** "Customer agreed to texts", ticked. */
  textConsent?: boolean;
}

/** Fills the Add Lead dialog (opened from the Leads page) and submits it. */
export async function submitAddLead(page: Page, lead: NewLead): Promise<void> {
  await gotoHydrated(page, "/admin/leads");
  await page.getByRole("button", { name: "Add Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add lead" });
  await dialog.getByLabel("Name").fill(lead.name);
  await dialog.getByLabel("Phone").fill(lead.phone);
  await dialog.getByLabel("Service type").selectOption(lead.serviceType ?? "emergency");
  if (lead.zip) await dialog.getByLabel("ZIP (optional)").fill(lead.zip);
  if (lead.address) await dialog.getByLabel("Service address (optional)").fill(lead.address);
  if (lead.notes) await dialog.getByLabel("Notes (optional)").fill(lead.notes);
  if (lead.textConsent) await dialog.getByLabel("Customer agreed to texts").check();
  await dialog.getByRole("button", { name: "Add lead" }).click();
}

/** Adds a lead and leaves the page on the Leads list, hydrated (createLead). */
export async function addLead(page: Page, lead: NewLead): Promise<void> {
  await createLead(page, lead);
  await gotoHydrated(page, "/admin/leads");
}

/**
 * Adds a lead as the Add Lead dialog posts it (left New: nobody dispatched), in the page's
 * session; the page stays where it is. A set-up step: the dialog has browser tests of its
 * own (leads.spec), and `submitAddLead` goes through it.
 */
export async function createLead(page: Page, lead: NewLead): Promise<void> {
  await postAsOffice(page, "/admin/leads", {
    intent: "create",
    name: lead.name,
    phone: lead.phone,
    serviceType: lead.serviceType ?? "emergency",
    zip: lead.zip ?? "",
    address: lead.address ?? "",
    details: lead.notes ?? "",
    ...(lead.textConsent ? { textConsent: "on" } : {}),
  });
}

/** The table row (desktop) holding `text`. */
export function tableRow(page: Page, text: string): Locator {
  return page.locator("table tbody tr").filter({ hasText: text });
}

/** The card (mobile) holding `text`. */
export function card(page: Page, text: string): Locator {
  return page.getByRole("listitem").filter({ hasText: text });
}

/** Types into the list's search box and waits for the URL to carry it. */
export async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label).fill(text);
  // As the GET form encodes it: spaces as "+", "(" as %28.
  const encoded = new URLSearchParams({ q: text }).toString();
  await expect(page).toHaveURL(new RegExp(`[?&]${escapeRegExp(encoded)}(&|$)`));
}

/** Posts straight to a section's action, as a stale or hand-made form would. */
export function postAction(client: Client, path: string, form: Record<string, string>) {
  return postForm(client.request, path, form, { origin: siteOrigin() });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Opens the lead named `name` from the Leads list on screen; returns the lead page's path once
 * the page shows. The URL changes a moment before the lead page replaces the list, whose rows
 * have Dispatch buttons of their own: a tap in that moment opened another lead's dialog, which
 * the lead page then unmounted (a walk that hung for minutes, 2026-12-01).
 */
export async function openListedLead(page: Page, name: string): Promise<string> {
  await page
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Opens the lead of `name` from the Leads page's search; returns its path. */
export async function openLeadNamed(page: Page, name: string): Promise<string> {
  await gotoHydrated(page, `/admin/leads?q=${encodeURIComponent(name)}`);
  return openListedLead(page, name);
}

/** Adds a lead (createLead) and opens its page from the Leads search. */
export async function openNewLead(
  page: Page,
  lead: { name: string; phone: string; zip?: string; serviceType?: string },
) {
  await createLead(page, lead);
  await openLeadNamed(page, lead.name);
}
