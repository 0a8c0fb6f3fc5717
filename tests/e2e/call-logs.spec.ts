import { COUNT_CAP } from "../../app/lib/admin/pagination";
import { expect, test, type Locator, type Page } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { listTotal, statValue } from "./support/dashboard-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import {
  expectFitsAndPassesAxe,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
} from "./support/screen-checks";
import { FIXTURE_CALLER } from "./fixtures/rows";

/*
 * Call Logs as the operator uses it, against the built server and its demo data (10,000
 * calls): the four cards, search by phone or id, the status filter, recordings (through our
 * proxy route), View Details, the CSV export, phones, no JavaScript, and axe.
 */

const rows = (page: Page) => page.locator("table tbody tr");
const cell = (row: Locator, column: number) => row.locator("td").nth(column);
const ID = 0;
const PHONE = 1;
const STATUS = 2;
const DURATION = 3;
const RECORDING = 5;
const statusCells = (page: Page) => rows(page).locator(`td:nth-child(${STATUS + 1})`);

async function openCallLogs(page: Page, search = "") {
  await gotoHydrated(page, `/admin/call-logs${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Call Logs" })).toBeVisible();
}

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("four cards; 25 calls a page, newest first, with id, phone, status, m:ss and start", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page);

    const total = await statValue(page, "Total Calls");
    expect(total).toBeGreaterThanOrEqual(10_000);
    // Lists count up to the cap and then say "500+".
    expect(await listTotal(page)).toBe(Math.min(total, COUNT_CAP));
    for (const title of ["Answered Today", "Missed Today"]) {
      expect(await statValue(page, title)).toBeGreaterThanOrEqual(0);
    }
    const average = page
      .getByRole("heading", { level: 2, name: "Avg. Answered Call" })
      .locator("xpath=..")
      .locator("p")
      .first();
    await expect(average).toHaveText(/^\d+:\d{2}$/);

    await expect(page.getByRole("columnheader")).toHaveText([
      "Call ID",
      "Phone",
      "Status",
      "Duration",
      "Started",
      "Recording",
      "Actions",
    ]);
    await expect(rows(page)).toHaveCount(25);
    const first = rows(page).first();
    await expect(cell(first, ID)).toHaveText(/^[0-9a-f]{8}$/);
    await expect(cell(first, PHONE).getByRole("link")).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(cell(first, STATUS)).toHaveText(/^(Answered|Missed|Busy|Failed)$/);
    for (const text of await page.locator("table tbody tr td:nth-child(4)").allTextContents()) {
      expect(text).toMatch(/^\d+:\d{2}$/);
    }
    await expect(cell(first, 4)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(
      total > COUNT_CAP
        ? `1–25 of ${COUNT_CAP.toLocaleString("en-US")}+`
        : `1–25 of ${total.toLocaleString("en-US")}`,
    );
    await context.close();
  });

  test("search finds a call by its phone in any format, or by its id; nonsense finds nothing", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page);
    const first = rows(page).first();
    const shortId = (await cell(first, ID).textContent())!;
    const phone = (await cell(first, PHONE).textContent())!; // "(312) 555-0147"
    const digits = phone.replace(/\D/g, "");

    // Typed the way a caller reads it out: as-you-type search, in the URL.
    const search = page.getByRole("searchbox", { name: "Search calls" });
    await search.fill(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`);
    await expect(page).toHaveURL(/[?&]q=/);
    // The URL changes before the list does, and this call may be first either way: wait until
    // every row shown is the caller's.
    await expect
      .poll(async () => [
        ...new Set(await page.locator("table tbody tr td:nth-child(2)").allTextContents()),
      ])
      .toEqual([phone]);

    await search.fill(shortId);
    await expect(rows(page)).toHaveCount(1);
    await expect(cell(rows(page).first(), ID)).toHaveText(shortId);

    await search.fill("smith");
    await expect(page.getByText("No calls match.")).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Clear search and filter" }).click();
    await expect(page).toHaveURL(/\/admin\/call-logs$/);
    await expect(rows(page)).toHaveCount(25);
    await context.close();
  });

  test("the status filter shows only that status and combines with the search", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page);
    const total = await listTotal(page);
    const filter = page.getByLabel("Filter by status");
    await expect(filter.locator("option")).toHaveText([
      "All statuses",
      "Answered",
      "Missed",
      "Busy",
      "Failed",
    ]);

    const counts: number[] = [];
    for (const [value, label] of [
      ["answered", "Answered"],
      ["missed", "Missed"],
      ["busy", "Busy"],
      ["failed", "Failed"],
    ] as const) {
      await filter.selectOption(value);
      await expect(page).toHaveURL(new RegExp(`status=${value}`));
      // Every row of the page, once the filtered list has arrived, has that status.
      await expect
        .poll(async () => new Set(await statusCells(page).allTextContents()))
        .toEqual(new Set([label]));
      counts.push(await listTotal(page));
    }
    // The four statuses partition the calls (each count stops at the cap).
    for (const n of counts) expect(n).toBeGreaterThan(0);
    if (total < COUNT_CAP) expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total);

    // Missed and busy calls never lasted: 0:00.
    await filter.selectOption("missed");
    await expect(page).toHaveURL(/status=missed/);
    await expect(cell(rows(page).first(), DURATION)).toHaveText("0:00");

    await page.getByRole("searchbox", { name: "Search calls" }).fill("312");
    await expect(page).toHaveURL(/q=312.*status=missed|status=missed.*q=312/);
    await expect(rows(page).first().locator("td").nth(STATUS)).toHaveText("Missed");
    expect(await listTotal(page)).toBeLessThanOrEqual(counts[1]!);
    await context.close();
  });

  test("Play opens a player on our recording proxy; Download asks it for the file; no recording, no buttons", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page, "?status=answered");
    const firstRecorded = rows(page)
      .filter({ has: page.getByRole("button", { name: /^Play recording/ }) })
      .first();
    const id = (await cell(firstRecorded, ID).locator("span").getAttribute("title"))!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Pinned by its id: once playing, its button no longer reads "Play".
    const recorded = rows(page).filter({ hasText: id.slice(0, 8) });
    await expect(
      cell(recorded, RECORDING).getByRole("link", { name: /Download recording/ }),
    ).toHaveAttribute("href", `/admin/call-logs/${id}/recording?download=1`);

    const play = cell(recorded, RECORDING).getByRole("button", { name: /recording of call/ });
    await expect(play).toHaveAttribute("aria-expanded", "false");
    await play.click();
    await expect(play).toHaveAttribute("aria-expanded", "true");
    await expect(play).toHaveAccessibleName(/^Stop recording of call/);
    const player = page.getByRole("region", { name: "Recording player" });
    await expect(player).toBeVisible();
    const audio = player.locator("audio");
    await expect(audio).toHaveAttribute("src", `/admin/call-logs/${id}/recording`);
    await expect(audio).toHaveAttribute("preload", "none");
    await expect(audio).toHaveAttribute("controls", "");
    await expect(player.getByRole("link", { name: /Download recording/ })).toHaveAttribute(
      "href",
      `/admin/call-logs/${id}/recording?download=1`,
    );
    await expectNoAxeViolations(page, "call logs with the player open at 1280");

    await player.getByRole("button", { name: "Close the player" }).click();
    await expect(player).toBeHidden();
    await expect(play).toHaveAttribute("aria-expanded", "false");

    // Calls without a recording say so and offer nothing to play.
    const unrecorded = rows(page)
      .filter({ hasNot: page.getByRole("button", { name: /^Play recording/ }) })
      .first();
    await expect(cell(unrecorded, RECORDING)).toHaveText("None");
    await context.close();
  });

  test("View Details shows every field of the call", async ({ browser, owner }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page, "?status=answered");
    const row = rows(page)
      .filter({ has: page.getByRole("button", { name: /^Play recording/ }) })
      .first();
    const id = (await cell(row, ID).locator("span").getAttribute("title"))!;
    const phone = (await cell(row, PHONE).textContent())!;
    const duration = (await cell(row, DURATION).textContent())!;
    await row.getByRole("button", { name: `View Details of call ${id.slice(0, 8)}` }).click();

    const dialog = page.getByRole("dialog", { name: `Call ${id.slice(0, 8)}` });
    await expect(dialog).toBeVisible();
    // "Lead" shows only for a caller with a lead (the next test); demo callers vary.
    const terms = dialog.locator("dt").filter({ hasNotText: /^Lead$/ });
    await expect(terms).toHaveText([
      "Call ID",
      "Phone",
      "Status",
      "Duration",
      "Started",
      "Ended",
      "Recording",
      "Twilio Call SID",
      "Logged",
    ]);
    const value = (term: string) => dialog.locator("dt", { hasText: term }).locator("+ dd");
    await expect(value("Call ID")).toHaveText(id);
    await expect(value("Phone").getByRole("link")).toHaveText(phone);
    await expect(value("Status")).toHaveText("Answered");
    await expect(value("Duration")).toContainText(duration);
    await expect(value("Duration")).toContainText(/\(\d[\d,]* s\)/);
    await expect(value("Started")).toHaveText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(value("Ended")).toHaveText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(value("Recording")).toContainText("Yes");
    await expect(value("Twilio Call SID")).toHaveText(/^CA[0-9a-f]{32}$/);
    await expect(value("Logged")).toHaveText(/\d{4}, \d{1,2}:\d{2} [AP]M/);
    await expectNoAxeViolations(page, "call details dialog at 1280");

    // Its own player, on the same proxy.
    await value("Recording")
      .getByRole("button", { name: /^Play recording/ })
      .click();
    await expect(value("Recording").locator("audio")).toHaveAttribute(
      "src",
      `/admin/call-logs/${id}/recording`,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // A failed call: no end time, no recording.
    await openCallLogs(page, "?status=failed");
    await rows(page)
      .first()
      .getByRole("button", { name: /^View Details/ })
      .click();
    await expect(
      page.getByRole("dialog").locator("dt", { hasText: "Recording" }).locator("+ dd"),
    ).toHaveText("No recording");
    await expect(
      page.getByRole("dialog").locator("dt", { hasText: "Ended" }).locator("+ dd"),
    ).toHaveText("Not recorded by the phone system");
    await context.close();
  });

  test("a caller with a lead: View Details opens their lead", async ({ browser, owner }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page, `?q=${encodeURIComponent(FIXTURE_CALLER.phone)}`);
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .getByRole("button", { name: /^View Details/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("dt", { hasText: "Phone" }).locator("+ dd")).toHaveText(
      FIXTURE_CALLER.shown,
    );
    await dialog
      .locator("dt", { hasText: "Lead" })
      .locator("+ dd")
      .getByRole("link", { name: "Open their lead" })
      .click();
    await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: FIXTURE_CALLER.name })).toBeVisible();
    await context.close();
  });

  test("Export CSV downloads the current filter, without recording addresses", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page, "?status=missed&q=773");
    const total = await listTotal(page);
    expect(total).toBeGreaterThan(0);
    const link = page.getByRole("link", { name: "Export CSV" });
    await expect(link).toHaveAttribute("href", "/admin/call-logs/export.csv?status=missed&q=773");

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^call-logs-missed-\d{4}-\d{2}-\d{2}\.csv$/);
    const response = await page.request.get("/admin/call-logs/export.csv?status=missed&q=773");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    const text = await response.text();
    expect(text).not.toMatch(/twilio\.com|recording_url/i);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,start_time,end_time,client_phone,status,duration_seconds,has_recording",
    );
    expect(lines).toHaveLength(total + 1);
    for (const line of lines.slice(1)) {
      const [id, start, end, phone, status, seconds, hasRecording] = line.split(",");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(end === "" || /^\d{4}-\d{2}-\d{2}T/.test(end!)).toBe(true);
      expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      // "773" is in the phone's digits or in the id (the search covers both).
      expect(phone!.replace(/\D/g, "").includes("773") || id!.includes("773")).toBe(true);
      expect(status).toBe("missed");
      expect(seconds).toBe("0");
      expect(hasRecording).toBe("false");
    }

    // Signed out: no export.
    const anonymous = await newClient(browser);
    const refused = await anonymous.request.get("/admin/call-logs/export.csv", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toMatch(/^\/auth/);
    await anonymous.context.close();
    await context.close();
  });

  test("the page never sends the phone system's recording address to the browser", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    const html = await (await page.request.get("/admin/call-logs?status=answered")).text();
    expect(html).toContain("/recording");
    expect(html).not.toContain("api.twilio.com");
    const data = await (await page.request.get("/admin/call-logs.data?status=answered")).text();
    expect(data).not.toContain("api.twilio.com");
    expect(data).not.toContain("recordingUrl");
    await context.close();
  });

  test("axe: list at 1280 px", async ({ browser, owner }) => {
    const { page, context } = await newClient(browser, { storageState: owner });
    await openCallLogs(page);
    await expectNoAxeViolations(page, "call logs at 1280");
    await page.getByRole("searchbox", { name: "Search calls" }).fill("no-such-call");
    await expect(page.getByText("No calls match.")).toBeVisible();
    await expectNoAxeViolations(page, "call logs, no match, at 1280");
    await context.close();
  });
});

test.describe("phone", () => {
  test.use({ viewport: MOBILE });

  test("cards instead of the table, with the same controls; no sideways scrolling; axe", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, { storageState: owner, viewport: MOBILE });
    await openCallLogs(page, "?status=answered");
    await expect(page.locator("table")).toBeHidden();
    const cards = page.getByRole("list", { name: "Calls, newest first" }).getByRole("listitem");
    await expect(cards).toHaveCount(25);
    const card = cards
      .filter({ has: page.getByRole("button", { name: /^Play recording/ }) })
      .first();
    await expect(card.getByRole("link", { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
      "href",
      /^tel:\+1\d{10}$/,
    );
    await expect(card.getByText("Answered")).toBeVisible();
    await expect(card.getByRole("link", { name: /^Download recording/ })).toBeVisible();
    await expectFitsAndPassesAxe(page, "call logs at 375");

    await card.getByRole("button", { name: /^Play recording/ }).click();
    await expect(page.getByRole("region", { name: "Recording player" })).toBeVisible();
    await expectNoSidewaysScroll(page, "call logs with the player open at 375");
    await page.getByRole("button", { name: "Close the player" }).click();

    await card.getByRole("button", { name: /^View Details/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "call details dialog at 375");
    await context.close();
  });
});

test.describe("without JavaScript", () => {
  test("search and filter are a plain GET form; Play is a link to the recording", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await newClient(browser, {
      storageState: owner,
      javaScriptEnabled: false,
    });
    await page.goto("/admin/call-logs");
    await page.getByLabel("Filter by status").selectOption("busy");
    await page.getByRole("searchbox", { name: "Search calls" }).fill("708");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=708/);
    await expect(page).toHaveURL(/status=busy/);
    await expect(page.getByLabel("Filter by status")).toHaveValue("busy");
    await expect(rows(page).first()).toBeVisible();
    const statuses = await page.locator("table tbody tr td:nth-child(3)").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Busy"]));

    await page.goto("/admin/call-logs?status=answered");
    const play = page
      .locator("table")
      .getByRole("link", { name: /^Play recording of call/ })
      .first();
    await expect(play).toHaveAttribute("href", /^\/admin\/call-logs\/[0-9a-f-]{36}\/recording$/);
    await context.close();
  });
});
