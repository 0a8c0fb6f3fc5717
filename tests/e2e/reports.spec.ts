import twilio from "twilio";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  createOwner,
  freePort,
  provisionGroupDatabase,
  startAppServer,
  type AppDatabase,
  type AppServer,
} from "./support/app-server";
import { nextClientIp } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectFitsAndPassesAxe, expectNoAxeViolations } from "./support/screen-checks";
import { recordCheckByPhone } from "./support/dispatch-helpers";
import { webPhone } from "./support/roster-helpers";

/*
 * What pays (issue 30): a visit that lands on a city page from a Google ad sends a request;
 * its lead shows that source and landing page; a call to a tracking number shows its
 * source; the report shows the lead, then its completed job's revenue under the source and
 * the city, then a cost per booked job once the month's spend is entered. At 1280 px and
 * 375 px, axe clean. The Twilio webhooks need a token, so this file runs a server of its own
 * (empty, no demo: every figure is this file's).
 */

const OWNER = { email: "reports-owner@example.com", password: "Reports-Owner-7" };
const TOKEN = "reports-test-twilio-token";
const CITY_PAGE = "/service-areas/chicago-60615-hyde-park-locksmith";

test.describe.configure({ mode: "serial" });

let database: AppDatabase;
let server: AppServer;

test.beforeAll(async () => {
  database = await provisionGroupDatabase("pglite");
  await createOwner(database, { ...OWNER, name: "Reports Owner" });
  server = await startAppServer({
    database,
    port: await freePort(),
    env: { DEMO_DATA: "off", LOG_LEVEL: "error", TWILIO_AUTH_TOKEN: TOKEN },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

/** A browser of this file's server, at a width, signed in as the owner. */
async function ownerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport,
    extraHTTPHeaders: { "x-forwarded-for": nextClientIp() },
  });
  const signIn = await context.request.post("/auth", {
    form: { intent: "sign-in", email: OWNER.email, password: OWNER.password, redirectTo: "" },
    headers: { origin: server.origin },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  return context.newPage();
}

/** A form post from a back-office page, as its own form would send it. */
async function post(page: Page, path: string, form: Record<string, string>) {
  const answer = await page.request.post(path, {
    form,
    headers: { origin: server.origin },
    maxRedirects: 0,
  });
  expect(answer.status(), `${path} ${form.intent}`).toBeLessThan(400);
}

/** A visitor lands on the city page from an ad, browses to the form and sends it. */
async function sendRequestFromAd(browser: Browser, viewport: typeof DESKTOP | typeof MOBILE) {
  const visitor = await browser.newContext({
    baseURL: server.origin,
    viewport,
    extraHTTPHeaders: { "x-forwarded-for": nextClientIp() },
  });
  const page = await visitor.newPage();
  await page.goto(`${CITY_PAGE}?utm_source=google&gclid=abc`);
  await page.getByRole("link", { name: "Request Service Online" }).first().click();
  await expect(page).toHaveURL(/\/request\?area=chicago-60615-hyde-park$/);
  const name = `Ada ${crypto.randomUUID().slice(0, 6)}`;
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Phone number").fill(webPhone().typed);
  await page.getByLabel("Service needed").selectOption("emergency");
  await page.getByLabel("ZIP code").fill("60615");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Request received" })).toBeVisible();
  await visitor.close();
  return name;
}

/** Opens a lead from the list by its name. */
async function openLead(page: Page, search: string) {
  await gotoHydrated(page, `/admin/leads?q=${encodeURIComponent(search)}`);
  await page.getByRole("link", { name: search }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: search })).toBeVisible();
}

/** The report's row for a group: its cells by column header. */
async function reportRow(page: Page, label: string) {
  const table = page.getByRole("region", { name: /scrolls sideways/ }).getByRole("table");
  const headers = await table.locator("thead th").allInnerTexts();
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label }) });
  await expect(row).toHaveCount(1);
  const cells = [label, ...(await row.locator("td").allInnerTexts())];
  return Object.fromEntries(
    headers.map((header, index) => [header.split("\n")[0]!.trim(), cells[index]]),
  );
}

test("a Google ad visit and a tracking-number call carry their sources into the lead and the report (1280 px)", async ({
  browser,
}) => {
  test.slow();
  const name = await sendRequestFromAd(browser, DESKTOP);
  const page = await ownerPage(browser, DESKTOP);

  // The lead says where it came from.
  await openLead(page, name);
  const summary = page.locator("dl").filter({ hasText: "Landing page" });
  await expect(page.getByTestId("lead-source")).toHaveText("Google Ads");
  await expect(summary).toContainText(CITY_PAGE);
  await expect(summary).toContainText("utm_source=google · gclid=abc");
  await expect(summary).toContainText("/request?area=chicago-60615-hyde-park");
  await expectNoAxeViolations(page, "lead page with its source");
  const leadId = page.url().split("/").at(-1)!;

  // Settings → Sources: a truck wrap with its tracking number.
  await gotoHydrated(page, "/admin/settings/sources");
  await page.getByLabel("New source").fill("Truck wrap");
  await page.getByRole("button", { name: "Add source" }).click();
  await expect(page.getByRole("heading", { name: "Truck wrap" })).toBeVisible();
  const tracking = webPhone();
  await page.getByLabel("Add a number to Truck wrap").fill(tracking.typed);
  await page.getByRole("button", { name: "Add number" }).click();
  await expect(page.getByRole("button", { name: `Remove ${tracking.shown}` })).toBeVisible();
  await expectNoAxeViolations(page, "Settings → Sources");

  // A call to that number, through Twilio's signed status callback, makes a lead from it.
  const caller = webPhone();
  const params = {
    CallSid: `CA${crypto.randomUUID().replace(/-/g, "")}`,
    CallStatus: "completed",
    From: caller.e164,
    To: tracking.e164,
    Direction: "inbound",
    CallDuration: "45",
  };
  const path = "/api/webhooks/twilio/voice";
  const call = await page.request.post(path, {
    form: params,
    headers: {
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        TOKEN,
        `${server.origin}${path}`,
        params,
      ),
    },
  });
  expect(call.status()).toBe(200);
  await gotoHydrated(page, `/admin/leads?source_name=${encodeURIComponent("Truck wrap")}`);
  await expect(page.getByText("via Truck wrap").first()).toBeVisible();
  await page.getByRole("link", { name: "Unknown" }).first().click();
  await expect(page.getByTestId("lead-source")).toHaveText("Truck wrap");

  // The report shows the lead under its source and its city.
  await gotoHydrated(page, "/admin/reports");
  await expect(page.getByRole("heading", { name: "By source", exact: true })).toBeVisible();
  expect(await reportRow(page, "Google Ads")).toMatchObject({
    Leads: "1",
    Completed: "0",
    Revenue: "$0.00",
    "Cost / booked job": "—",
  });
  expect(await reportRow(page, "Truck wrap")).toMatchObject({ Leads: "1" });
  await expectNoAxeViolations(page, "reports by source");
  await page.screenshot({ path: test.info().outputPath("reports-1280.png"), fullPage: true });

  // Its job (a lockout: its door check read out to the office by phone first) is done for $250.
  await post(page, `/admin/leads/${leadId}`, { intent: "create-job", leadId });
  await gotoHydrated(page, `/admin/jobs?q=${encodeURIComponent(name)}`);
  const jobId = await page.locator('input[name="jobId"]').first().inputValue();
  await recordCheckByPhone(page, page);
  await post(page, "/admin/jobs", {
    intent: "pricing",
    jobId,
    finalPrice: "250",
    theirCutPercent: "60",
  });
  await post(page, "/admin/jobs", { intent: "status", jobId, status: "completed" });

  await gotoHydrated(page, "/admin/reports");
  expect(await reportRow(page, "Google Ads")).toMatchObject({
    Leads: "1",
    Booked: "1",
    Completed: "1",
    Revenue: "$250.00",
    "Business's cut": "$100.00",
    "Cost / booked job": "—",
  });
  await page.getByRole("link", { name: "By city" }).click();
  await expect(page.getByRole("heading", { name: "By city", exact: true })).toBeVisible();
  expect(await reportRow(page, "Hyde Park")).toMatchObject({ Leads: "1", Revenue: "$250.00" });

  // The month's spend on Google Ads: a cost per booked job.
  await gotoHydrated(page, "/admin/settings/sources");
  await page.getByLabel("New source").fill("Google Ads");
  await page.getByRole("button", { name: "Add source" }).click();
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" })
    .format(new Date())
    .slice(0, 7);
  const card = page.getByRole("region", { name: "Google Ads: spend" });
  await card.getByLabel("Month").fill(month);
  await card.getByLabel("Spend ($)").fill("500");
  await card.getByRole("button", { name: /Save spend/ }).click();
  await expect(card.getByText("$500.00")).toBeVisible();
  const changes = page.getByRole("list", { name: "Recent changes to sources" });
  await expect(changes.getByRole("listitem").first()).toContainText(
    /: Set Google Ads's spend for \w+ \d{4} to \$500\.00$/,
  );

  // Deleting a source asks first; Cancel keeps it, OK deletes it, and the log says who.
  await page.getByLabel("New source").fill("Bench sign");
  await page.getByRole("button", { name: "Add source" }).click();
  const bench = page.getByRole("button", { name: "Delete Bench sign" });
  const questions: string[] = [];
  page.once("dialog", (dialog) => (questions.push(dialog.message()), void dialog.dismiss()));
  await bench.click();
  await expect
    .poll(() => questions)
    .toEqual([
      "Delete Bench sign? Its 0 tracking numbers and 0 months of spend go with it; its leads keep the name.",
    ]);
  await expect(bench).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await bench.click();
  await expect(bench).toHaveCount(0);
  await expect(changes.getByRole("listitem").first()).toContainText(
    "Deleted the source Bench sign, with 0 tracking numbers and 0 months of spend",
  );

  await gotoHydrated(page, "/admin/reports");
  expect(await reportRow(page, "Google Ads")).toMatchObject({
    Spend: "$500.00",
    "Cost / lead": "$500.00",
    "Cost / booked job": "$500.00",
  });
  // The same figures as CSV.
  const csv = await (await page.request.get("/admin/reports/export.csv?by=source")).text();
  expect(csv).toMatch(/^source,leads,dispatched,/);
  expect(csv).toContain(
    "Google Ads,1,1,1,1,1,0,250.00,100.00,250.00,1,1,1,1,500.00,500.00,500.00,",
  );
});

test("at 375 px: the lead shows its source and the report fits the phone, its table scrolling in place", async ({
  browser,
}) => {
  const name = await sendRequestFromAd(browser, MOBILE);
  const page = await ownerPage(browser, MOBILE);
  await openLead(page, name);
  await expect(page.getByTestId("lead-source")).toHaveText("Google Ads");
  await gotoHydrated(page, "/admin/reports");
  expect(await reportRow(page, "Google Ads")).toMatchObject({ Leads: "2" });
  await expect(page.getByRole("heading", { name: "Conversion funnel" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Answer time by hour" })).toBeVisible();
  await expectFitsAndPassesAxe(page, "reports at 375 px");
  await page.screenshot({ path: test.info().outputPath("reports-375.png"), fullPage: true });
  await gotoHydrated(page, "/admin/settings/sources");
  await expect(page.getByRole("region", { name: "Google Ads: spend" })).toContainText("$500.00");
  await expectNoAxeViolations(page, "Settings → Sources at 375 px");
  await page.screenshot({ path: test.info().outputPath("sources-375.png"), fullPage: true });
});
