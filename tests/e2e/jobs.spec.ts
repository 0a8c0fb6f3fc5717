import { expect, test, type Locator, type Page } from "./support/test";
import { expectToast, newClient, postForm } from "./support/auth-helpers";
import { dismissToasts, ownerPage, uniqueTag, visibleItem } from "./support/jobs-helpers";
import { search } from "./support/roster-helpers";
import { addLead, uniquePhone } from "./support/roster-helpers";
import { DESKTOP, gotoHydrated, MOBILE, VIEWPORTS, waitForHydration } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";

/*
 * The Jobs section as an operator uses it: the list (search, status filter, paging), the
 * summary cards over the current filter, New Job (from a lead or from scratch), the status
 * select (completed stamps completed_at), Edit Pricing with its live split, the CSV export,
 * the phone layout, and axe at 1280 and 375 px.
 */

/** The split the server stores: the locksmith's part rounded half up, you keep the rest. */
function split(cents: number, percent: number) {
  const theirs = Math.floor((cents * percent + 50) / 100);
  return { theirs, yours: cents - theirs };
}

function usd(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const MONEY = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;
/** The completed_at stamp under a completed job's status. */
const STAMP = /Completed [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function summaryValue(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: "Totals" })
    .getByRole("heading", { name: title })
    .locator("xpath=following-sibling::p[1]");
}

function newJobDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "New job" });
}

/** New Job → From scratch; returns the locksmith chosen (the first active one) or null. */
async function createFromScratch(
  page: Page,
  client: string,
  typeLabel: string,
  withLocksmith = true,
): Promise<string | null> {
  await page.getByRole("button", { name: "New Job" }).click();
  const dialog = newJobDialog(page);
  await dialog.getByRole("tab", { name: "From scratch" }).click();
  await dialog.getByLabel("Client name").fill(client);
  await dialog.getByLabel("Job type").selectOption({ label: typeLabel });
  let locksmith: string | null = null;
  if (withLocksmith) {
    const select = dialog.getByLabel("Locksmith", { exact: true });
    await select.selectOption({ index: 1 });
    locksmith = (await select.locator("option:checked").innerText()).trim();
  }
  await dialog.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created", { type: "success" });
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
  return locksmith;
}

/** The full id of the (only) visible row for `client`, from the Job ID's title. */
async function jobIdOf(page: Page, client: string): Promise<string> {
  const id = await visibleItem(page, client).locator("[title]").first().getAttribute("title");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

test.describe("jobs list", () => {
  test("shows 25 jobs a page with 8-character ids, money totals, and pages through the URL", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    for (const title of ["Total Revenue", "Your Earnings", "Locksmith Payments"]) {
      await expect(summaryValue(page, title)).toHaveText(MONEY);
    }
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(25);
    await expect(page.getByRole("columnheader")).toHaveText([
      "Job ID",
      /^Client, sort$/,
      "Type",
      "Status",
      /^Pricing, sort$/,
      /^Created, sorted descending$/,
      "Actions",
    ]);
    await expect(page.getByRole("columnheader", { name: /^Created/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const idCell = rows.first().getByRole("cell").first().locator("[title]");
    await expect(idCell).toHaveText(/^[0-9a-f]{8}$/);
    const full = await idCell.getAttribute("title");
    expect(full?.startsWith(await idCell.innerText())).toBe(true);

    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(/^1–25 of /);
    const next = page.getByRole("link", { name: "Next" });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(/^26–50 of /);
    // The next page is read from its first row, not from the pager under its last.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(rows.first()).toBeInViewport();
  });

  test("the status filter narrows the list and the totals follow the filter", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    const allRevenue = await summaryValue(page, "Total Revenue").innerText();
    await page.getByLabel("Filter by status").selectOption("cancelled");
    await expect(page).toHaveURL(/[?&]status=cancelled/);
    // Cancelled jobs earn nothing, whatever their price.
    await expect(summaryValue(page, "Total Revenue")).toHaveText("$0.00");
    expect(allRevenue).not.toBe("$0.00");
    const statuses = page.getByRole("table").locator("tbody select[name=status]");
    const count = await statuses.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      await expect(statuses.nth(index)).toHaveValue("cancelled");
    }
    await page.getByLabel("Filter by status").selectOption("completed");
    await expect(page).toHaveURL(/[?&]status=completed/);
    await expect(page.getByRole("table").locator("tbody tr").first()).toContainText(STAMP);
  });

  test("sorts by price from its header, and filters by locksmith and completed date, in the URL", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    await page.getByRole("link", { name: /^Pricing/ }).click();
    await expect(page).toHaveURL(/sort=price&dir=desc/);
    await expect(page.getByRole("columnheader", { name: /^Pricing/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const prices = await page
      .getByRole("table")
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows
          .map((row) => /\$([\d,]+\.\d\d)/.exec(row.textContent ?? "")?.[1])
          .filter(Boolean)
          .map((text) => Number(text!.replace(/,/g, ""))),
      );
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await page.getByRole("link", { name: /^Pricing/ }).click();
    await expect(page).toHaveURL(/sort=price&dir=asc/);

    // A job of our own, completed now, so the filtered list cannot be empty whatever the
    // demo data holds this month.
    const client = uniqueTag("Filtered Client");
    const name = await createFromScratch(page, client, "Key Duplication");
    await search(page, "Search jobs", client);
    await visibleItem(page, client).locator("select[name=status]").selectOption("completed");
    await expectToast(page, "Job status updated", { type: "success" });
    await dismissToasts(page);

    await page.getByLabel("Which date").selectOption("completed");
    await expect(page).toHaveURL(/date=completed/);
    await page.getByLabel("Filter by date (Chicago time)").selectOption("today");
    await expect(page).toHaveURL(/period=today/);
    const locksmith = page.getByLabel("Filter by locksmith");
    await locksmith.selectOption({ label: name! });
    await expect(page).toHaveURL(/locksmith=[0-9a-f-]{36}/);
    await expect(page.getByRole("columnheader", { name: /^Completed/ })).toBeVisible();
    await expect(visibleItem(page, client)).toContainText(STAMP);

    // A custom range: yesterday to today (Chicago) holds the job, even on a run that
    // crosses midnight; a day in 2020 does not.
    const chicagoDay = (ms: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(ms);
    const today = chicagoDay(Date.now());
    const yesterday = chicagoDay(Date.now() - 86_400_000);
    await page.getByLabel("Filter by date (Chicago time)").selectOption("custom");
    await page.getByLabel("From", { exact: true }).fill(yesterday);
    await page.getByLabel("To", { exact: true }).fill(today);
    await expect(page).toHaveURL(new RegExp(`period=custom.*from=${yesterday}&to=${today}`));
    await expect(visibleItem(page, client)).toContainText(STAMP);
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-02");
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-02/);
    await expect(page.getByText("No jobs match this search and filter.")).toBeVisible();
  });

  test("a search that matches nothing says how to get back", async ({ browser, owner }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    await search(page, "Search jobs", "zz no such client zz");
    await expect(page.getByText("No jobs match this search and filter.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search and filter" }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(25);
  });
});

test.describe("new job", () => {
  test("from scratch: required fields, then the job is listed In Progress and not priced; found by name, type and id", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    await page.getByRole("button", { name: "New Job" }).click();
    const dialog = newJobDialog(page);
    await dialog.getByRole("tab", { name: "From scratch" }).click();
    await dialog.getByRole("button", { name: "Create job" }).click();
    await expect(dialog.getByText("Client name is required")).toBeVisible();
    await expect(dialog.locator("p", { hasText: "Choose a job type" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const client = uniqueTag("Scratch Client");
    const locksmith = await createFromScratch(page, client, "Smart Locks");
    await search(page, "Search jobs", client);
    const row = visibleItem(page, client);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Smart Locks");
    await expect(row).toContainText(`Locksmith: ${locksmith}`);
    await expect(row).toContainText("Not priced");
    await expect(row.locator("select[name=status]")).toHaveValue("in_progress");

    // The id's first 8 characters find it too.
    const id = await jobIdOf(page, client);
    await search(page, "Search jobs", id.slice(0, 8));
    await expect(visibleItem(page, client)).toHaveCount(1);

    // A locksmith that is gone (a stale list) is refused, not a database error.
    const stale = await postForm(page.request, "/admin/jobs", {
      intent: "create",
      clientName: client,
      jobType: "safes",
      locksmithId: "00000000-0000-4000-8000-000000000000",
    });
    expect(stale.status()).toBe(409);
  });

  test("from a lead: the lead's name, service type and locksmith are copied", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    // A lead of its own, with no job yet: the demo's and other tests' leads come and go.
    const leadName = uniqueTag("Lead Client");
    await addLead(page, { name: leadName, phone: uniquePhone().typed, serviceType: "safes" });
    await gotoHydrated(page, "/admin/jobs");
    await page.getByRole("button", { name: "New Job" }).click();
    const dialog = newJobDialog(page);
    await expect(dialog.getByRole("tab", { name: "From a lead" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const preview = dialog.getByRole("region", { name: "The new job" });
    await expect(preview).toContainText("Choose a lead");
    const choice = dialog.getByLabel("Lead", { exact: true });
    await choice.selectOption({
      label: (await choice.locator("option", { hasText: leadName }).textContent())!,
    });
    const client = (await preview.locator("dt:text-is('Client') + dd").innerText()).trim();
    const type = (await preview.locator("dt:text-is('Job type') + dd").innerText()).trim();
    const locksmith = (await preview.locator("dt:text-is('Locksmith') + dd").innerText()).trim();
    await dialog.getByRole("button", { name: "Create job" }).click();
    await expectToast(page, "Job created", {
      type: "success",
      description: new RegExp(escapeRegExp(client)),
    });
    await expect(dialog).toBeHidden();

    // Newest first: the new job is the first row.
    const first = page.getByRole("table").locator("tbody tr").first();
    await expect(first).toContainText(client);
    await expect(first).toContainText(type);
    await expect(first).toContainText(
      locksmith === "None assigned yet" ? "No locksmith" : `Locksmith: ${locksmith}`,
    );
  });
});

test.describe("job status", () => {
  test("completed stamps completed_at and shows it; moving back clears it; failures say 'Failed to update job status'", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    const client = uniqueTag("Status Client");
    await createFromScratch(page, client, "Key Duplication", false);
    await search(page, "Search jobs", client);
    const row = visibleItem(page, client);
    await expect(row).not.toContainText(STAMP);

    await row.locator("select[name=status]").selectOption("completed");
    await expectToast(page, "Job status updated", { type: "success" });
    await expect(row).toContainText(STAMP);
    await dismissToasts(page);
    await page.reload();
    await waitForHydration(page);
    await expect(visibleItem(page, client).locator("select[name=status]")).toHaveValue("completed");

    await visibleItem(page, client).locator("select[name=status]").selectOption("cancelled");
    await expectToast(page, "Job status updated", { type: "success" });
    await expect(visibleItem(page, client)).not.toContainText(STAMP);
    await dismissToasts(page);

    // A job that does not exist (deleted meanwhile) and a status that does not exist.
    const id = await jobIdOf(page, client);
    const missing = await postForm(page.request, "/admin/jobs", {
      intent: "status",
      jobId: "00000000-0000-4000-8000-000000000000",
      status: "completed",
    });
    expect(missing.status()).toBe(404);
    const bad = await postForm(page.request, "/admin/jobs", {
      intent: "status",
      jobId: id,
      status: "paid",
    });
    expect(bad.status()).toBe(400);
    await gotoHydrated(page, `/admin/jobs?q=${encodeURIComponent(client)}`);
    await expectToast(page, "Error", { type: "error", description: "Failed to update job status" });
    await expect(visibleItem(page, client).locator("select[name=status]")).toHaveValue("cancelled");
  });

  test("without JavaScript the Save button changes the status", async ({ browser, owner }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    const client = uniqueTag("NoJS Client");
    await createFromScratch(page, client, "Smart Locks", false);
    await page.context().close();

    const { page: plain } = await newClient(browser, {
      storageState: owner,
      viewport: DESKTOP,
      javaScriptEnabled: false,
    });
    await plain.goto(`/admin/jobs?q=${encodeURIComponent(client)}`);
    const form = plain.locator("table tbody tr").filter({ hasText: client }).locator("form");
    await form.locator("select").selectOption("completed");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(
      plain.locator("table tbody tr").filter({ hasText: client }).locator("select"),
    ).toHaveValue("completed");
    await expect(plain.locator("table tbody tr").filter({ hasText: client })).toContainText(STAMP);
  });
});

test.describe("edit pricing", () => {
  // One operator's whole pricing round: dialog, list, totals, export and a status change.
  test.slow();
  test("starts at the locksmith's default cut, previews the split as you type, stores it, and the totals and CSV follow", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", DESKTOP);
    const client = uniqueTag("Priced Client");
    const locksmith = await createFromScratch(page, client, "Key Duplication");
    await search(page, "Search jobs", client);
    await expect(summaryValue(page, "Total Revenue")).toHaveText("$0.00");

    await visibleItem(page, client)
      .getByRole("button", { name: /Edit Pricing/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit pricing" });
    const cut = dialog.getByLabel("Locksmith's cut (%)");
    const hint = await dialog.getByText(`${locksmith}'s default:`).innerText();
    const defaultCut = Number(/(\d+)%/.exec(hint)?.[1]);
    await expect(cut).toHaveValue(String(defaultCut));
    const preview = dialog.getByRole("region", { name: "Split preview" });
    await expect(preview).toContainText("Enter a price");

    // Bad amounts are explained next to the field.
    const price = dialog.getByLabel("Final price ($)");
    await price.fill("12.345");
    await price.blur();
    await expect(dialog.getByText("Use at most 2 decimal places")).toBeVisible();

    await price.fill("$1,234.57");
    const atDefault = split(123457, defaultCut);
    await expect(preview).toContainText(`Locksmith gets (${defaultCut}%)${usd(atDefault.theirs)}`);
    await expect(preview).toContainText(`You keep${usd(atDefault.yours)}`);

    await cut.fill("55");
    const at55 = split(123457, 55);
    await expect(preview).toContainText(`Locksmith gets (55%)${usd(at55.theirs)}`);
    await expect(preview).toContainText(`You keep${usd(at55.yours)}`);
    await cut.fill("101");
    await cut.blur();
    await expect(dialog.getByText("Enter a whole number from 0 to 100")).toBeVisible();
    await cut.fill("55");

    await dialog.getByRole("button", { name: "Save pricing" }).click();
    await expectToast(page, "Pricing saved", { type: "success" });
    await expect(dialog).toBeHidden();
    const row = visibleItem(page, client);
    await expect(row).toContainText("$1,234.57");
    await expect(row).toContainText(`Locksmith ${usd(at55.theirs)} (55%)`);
    await expect(row).toContainText(`You ${usd(at55.yours)}`);
    await expect(summaryValue(page, "Total Revenue")).toHaveText("$1,234.57");
    await expect(summaryValue(page, "Your Earnings")).toHaveText(usd(at55.yours));
    await expect(summaryValue(page, "Locksmith Payments")).toHaveText(usd(at55.theirs));

    // Editing again starts from what was agreed.
    await row.getByRole("button", { name: /Edit Pricing/ }).click();
    await expect(dialog.getByLabel("Final price ($)")).toHaveValue("1234.57");
    await expect(dialog.getByLabel("Locksmith's cut (%)")).toHaveValue("55");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The CSV of the current filter, money in dollars with 2 decimals.
    const link = page.getByRole("link", { name: "Export CSV" });
    await expect(link).toHaveAttribute("href", /\/admin\/jobs\/export\.csv\?q=/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await page.request.get(`/admin/jobs/export.csv?q=${encodeURIComponent(client)}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,completed_at,client_name,job_type,status,locksmith,final_price,their_cut,your_cut",
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(",");
    expect(cells[0]).toBe(await jobIdOf(page, client));
    expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(cells.slice(2)).toEqual([
      "",
      client,
      "key_duplication",
      "in_progress",
      locksmith,
      "1234.57",
      (at55.theirs / 100).toFixed(2),
      (at55.yours / 100).toFixed(2),
    ]);

    // Cancelled jobs add nothing to the totals.
    await dismissToasts(page);
    await row.locator("select[name=status]").selectOption("cancelled");
    await expectToast(page, "Job status updated");
    await expect(summaryValue(page, "Total Revenue")).toHaveText("$0.00");
  });
});

test.describe("live updates", () => {
  test("a job made elsewhere appears in an open list without a reload", async ({
    browser,
    owner,
  }) => {
    const client = uniqueTag("Live Client");
    const page = await ownerPage(
      browser,
      owner,
      `/admin/jobs?q=${encodeURIComponent(client)}`,
      DESKTOP,
    );
    await expect(page.getByText("No jobs match this search and filter.")).toBeVisible();
    const { context, request } = await newClient(browser, { storageState: owner });
    const response = await postForm(request, "/admin/jobs", {
      intent: "create",
      clientName: client,
      jobType: "residential",
    });
    expect(response.status()).toBe(200);
    await context.close();
    const row = visibleItem(page, client);
    await expect(row).toContainText("Residential");
    await expect(row).toContainText("No locksmith");
  });
});

test.describe("live updates before the stream opens", () => {
  test("a page nothing changed under is read once: its stream says it is current", async ({
    browser,
    owner,
  }) => {
    const { context, page } = await newClient(browser, { storageState: owner, viewport: DESKTOP });
    const reads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/admin/jobs.data") reads.push(request.url());
    });
    await page.goto("/admin/jobs");
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    // A read the stream's `ready` asked for would start after its 150 ms debounce.
    await page.waitForTimeout(1_000);
    expect(reads).toEqual([]);
    await context.close();
  });

  test("a job made between the page's render and its live stream opening still appears", async ({
    browser,
    owner,
  }) => {
    const client = uniqueTag("Early Client");
    const { context, page } = await newClient(browser, { storageState: owner, viewport: DESKTOP });
    // The stream opens only once the job is made: what a slow phone's late hydration does.
    let openStream!: () => void;
    const made = new Promise<void>((resolve) => (openStream = resolve));
    await page.route("**/api/events*", async (route) => {
      await made;
      await route.continue();
    });
    await page.goto(`/admin/jobs?q=${encodeURIComponent(client)}`);
    await expect(page.getByText("No jobs match this search and filter.")).toBeVisible();
    const response = await postForm(context.request, "/admin/jobs", {
      intent: "create",
      clientName: client,
      jobType: "residential",
    });
    expect(response.status()).toBe(200);
    openStream();
    await expect(visibleItem(page, client)).toContainText("Residential");
    await context.close();
  });
});

test.describe("phones", () => {
  test("at 375 px jobs are cards with the status select and Edit Pricing", async ({
    browser,
    owner,
  }) => {
    const page = await ownerPage(browser, owner, "/admin/jobs", MOBILE);
    await expect(page.getByRole("table")).toBeHidden();
    // The totals are one compact card here.
    const totals = page.getByRole("region", { name: "Totals" });
    for (const title of ["Total Revenue", "Your Earnings", "Locksmith Payments"]) {
      await expect(totals.locator(`dt:text-is("${title}") + dd`)).toHaveText(MONEY);
    }
    const cards = page.getByRole("list", { name: "Jobs, newest first" });
    await expect(cards.getByRole("listitem")).toHaveCount(25);

    const client = uniqueTag("Phone Client");
    await createFromScratch(page, client, "Smart Locks", false);
    await search(page, "Search jobs", client);
    const card = visibleItem(page, client);
    await expect(card).toContainText("Smart Locks");
    await card.getByLabel(/Status of job/).selectOption("completed");
    await expectToast(page, "Job status updated");
    await expect(card).toContainText(STAMP);

    await card.getByRole("button", { name: /Edit Pricing/ }).click();
    const dialog = page.getByRole("dialog", { name: "Edit pricing" });
    await dialog.getByLabel("Final price ($)").fill("89");
    await expect(dialog.getByRole("region", { name: "Split preview" })).toContainText(
      "Final price$89.00",
    );
    await dialog.getByRole("button", { name: "Save pricing" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText("$89.00");
  });
});

test.describe("accessibility", () => {
  // Two or three axe runs over a page that holds both the table and the cards.
  test.slow();
  for (const [label, viewport] of VIEWPORTS) {
    test(`the Jobs page and its dialogs at ${label} have no violations`, async ({
      browser,
      owner,
    }) => {
      const page = await ownerPage(browser, owner, "/admin/jobs", viewport);
      await expectNoAxeViolations(page, `/admin/jobs at ${label}`);

      await page.getByRole("button", { name: "New Job" }).click();
      await newJobDialog(page).getByLabel("Lead", { exact: true }).selectOption({ index: 1 });
      await expectNoAxeViolations(page, `New Job (from a lead) at ${label}`);
      await newJobDialog(page).getByRole("tab", { name: "From scratch" }).click();
      await newJobDialog(page).getByRole("button", { name: "Create job" }).click();
      await expect(newJobDialog(page).getByText("Client name is required")).toBeVisible();
      await expectNoAxeViolations(page, `New Job (from scratch, with errors) at ${label}`);
      await page.keyboard.press("Escape");

      await page
        .getByRole("button", { name: /Edit Pricing/ })
        .filter({ visible: true })
        .first()
        .click();
      await page
        .getByRole("dialog", { name: "Edit pricing" })
        .getByLabel("Final price ($)")
        .fill("150");
      await expectNoAxeViolations(page, `Edit pricing at ${label}`);
    });
  }
});
