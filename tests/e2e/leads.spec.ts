import { expect, test } from "./support/test";
import { expectToast, newClient, TOAST_COOKIE } from "./support/auth-helpers";
import {
  addLead,
  addLocksmith,
  card,
  createLocksmith,
  postAction,
  quietClient,
  search,
  tableRow,
  uniquePhone,
  uniqueTag,
  uniqueZip,
} from "./support/roster-helpers";
import { DESKTOP, gotoHydrated, MOBILE, VIEWPORTS } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { PHONE_PAGE_SIZE } from "../../app/lib/admin/pagination";

/*
 * The Leads section as an operator uses it: taking a call down in Add Lead, finding leads
 * by name, phone, service or ZIP, moving them through their statuses, assigning them to an
 * active locksmith (those covering the lead's ZIP offered first), turning one into a job,
 * and exporting the current filter as CSV.
 */

test.describe("Add Lead", () => {
  test("checks what is typed, then adds a New, hand-made lead at the top", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const name = `Lena Caller ${uniqueTag()}`;
    const phone = uniquePhone();
    await gotoHydrated(page, "/admin/leads");
    await page.getByRole("button", { name: "Add Lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Add lead" });
    await dialog.getByRole("button", { name: "Add lead" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Phone is required")).toBeVisible();
    await expect(dialog.getByText("Choose a service type")).toBeVisible();

    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Phone").fill("12345");
    await dialog.getByLabel("Service type").selectOption({ label: "Emergency Lockout" });
    await dialog.getByLabel("ZIP (optional)").fill("60601-1234");
    await dialog.getByLabel("Service address (optional)").fill("3150 W 63rd St, rear door");
    await dialog.getByRole("button", { name: "Add lead" }).click();
    await expect(dialog.getByText("Enter a 10-digit phone number")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(name);
    await dialog.getByLabel("Phone").fill(phone.typed);
    await dialog.getByRole("button", { name: "Add lead" }).click();
    // Saved: the dialog offers Dispatch in place; Cancel leaves the lead New.
    const offer = page.getByRole("dialog", { name: "Dispatch a locksmith" });
    await offer.getByRole("button", { name: "Cancel" }).click();
    await expect(offer).toBeHidden();
    await expectToast(page, "Lead added successfully", { type: "success" });
    // Shown once: the page clears the toast's cookie, so a reload does not repeat it.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(TOAST_COOKIE);

    // Newest first: the new lead is the first row of the unfiltered list.
    const first = page.locator("table tbody tr").first();
    await expect(first).toContainText(name);
    await expect(first).toContainText("Emergency Lockout");
    await expect(first).toContainText("ZIP 60601-1234");
    await expect(first).toContainText("Added by hand");
    await expect(first.getByLabel(`Status of the lead from ${name}`)).toHaveValue("new");
    await expect(first.getByRole("link", { name: phone.shown })).toHaveAttribute(
      "href",
      `tel:+1${phone.digits}`,
    );
    // The address taken down on the call is on the lead, ready for a dispatch.
    await first.getByRole("link", { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByLabel("Service address")).toHaveValue("3150 W 63rd St, rear door");
    await context.close();
  });
});

test.describe("finding leads", () => {
  test("search by name, phone, service label or ZIP, and the status filter, all in the URL", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const tag = uniqueTag();
    const name = `Ravi Finder ${tag}`;
    const phone = uniquePhone();
    const zip = uniqueZip();
    await addLead(page, { name, phone: phone.typed, serviceType: "smart_locks", zip });

    for (const query of [name.toLowerCase(), phone.shown, zip]) {
      await search(page, "Search leads", query);
      await expect(tableRow(page, name)).toHaveCount(1);
    }
    // Service types are found by the label the operator sees.
    await search(page, "Search leads", "smart lock");
    await expect(page.locator("table tbody tr").first()).toContainText("Smart Locks");

    await search(page, "Search leads", name);
    await page.getByLabel("Filter by status").selectOption("completed");
    await expect(page).toHaveURL(/status=completed/);
    await expect(
      page.getByText("No leads match. Try another search, status or source."),
    ).toBeVisible();
    await page.getByLabel("Filter by status").selectOption("new");
    await expect(tableRow(page, name)).toHaveCount(1);

    // By source: a lead added here is "Added by hand", not from the website.
    await page.getByLabel("Filter by source").selectOption("web");
    await expect(page).toHaveURL(/source=web/);
    await expect(
      page.getByText("No leads match. Try another search, status or source."),
    ).toBeVisible();
    await page.getByLabel("Filter by source").selectOption("manual");
    await expect(tableRow(page, name)).toHaveCount(1);
    await expect(tableRow(page, name)).toContainText("Added by hand");
    // The filter is in the URL: a reload keeps it, and the export follows it.
    await page.reload();
    await expect(page.getByLabel("Filter by source")).toHaveValue("manual");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      new RegExp(`[?&]source=manual(&|$)`),
    );
    await context.close();
  });

  test("pages through the demo leads, newest first", async ({ browser, owner }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    await gotoHydrated(page, "/admin/leads?page=2");
    const pager = page.getByRole("navigation", { name: "Pagination" });
    // The count stops at the cap ("500+"): past it the pager has no last page.
    await expect(pager).toContainText(/^26–50 of [\d,]+\+? · page 2(?!\d)/);
    await expect(page.locator("table tbody tr")).toHaveCount(25);
    await context.close();
  });

  test("on a phone, the pager stays where it came into view: a tap on Next there turns the page", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, {
      storageState: owner,
      viewport: MOBILE,
      hasTouch: true,
    });
    await gotoHydrated(page, "/admin/leads");
    const pager = page.getByRole("navigation", { name: "Pagination" });
    // Scrolled to at once (a fling, a Tab), over cards not laid out yet; tapped where it showed.
    const shown = await pager.getByRole("link", { name: "Next" }).evaluate(scrollToBottomOfScreen);
    await page.touchscreen.tap(shown.x, shown.y);
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pager).toContainText(/^26–50 of /);
    // On a page whose cards are all new again, each link is still where it showed.
    for (const link of await pager.getByRole("link").all()) {
      const shownAgain = await link.evaluate(scrollToBottomOfScreen, { fromTop: true });
      expect(shownAgain.hit, `${await link.textContent()} is what a tap there reaches`).toBe(true);
    }
    await context.close();
  });
});

/**
 * In the page: scrolls `link` to the bottom of the screen (from the top of the page when
 * asked), then, two frames later, once the cards that came into view are laid out, tells
 * where it showed first and whether it is still what is at that point.
 */
function scrollToBottomOfScreen(
  link: HTMLElement,
  { fromTop = false } = {},
): Promise<{ x: number; y: number; hit: boolean }> {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  return (async () => {
    if (fromTop) {
      window.scrollTo(0, 0);
      await nextFrame();
    }
    link.scrollIntoView({ block: "end" });
    const box = link.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await nextFrame();
    await nextFrame();
    const there = document.elementFromPoint(x, y);
    return { x, y, hit: there !== null && link.contains(there) };
  })();
}

test.describe("working a lead", () => {
  test("Dispatch offers active locksmiths, those covering the ZIP first; assigning by phone makes it In Progress", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const tag = uniqueTag();
    const zip = uniqueZip();
    const covering = `Cora Cover ${tag}`;
    const retired = `Rex Retired ${tag}`;
    await createLocksmith(page, { name: covering, zips: `60601, ${zip}` });
    await addLocksmith(page, { name: retired, zips: zip });
    await search(page, "Search locksmiths", retired);
    await tableRow(page, retired)
      .getByRole("button", { name: `Active: click to deactivate ${retired}` })
      .click();
    await expectToast(page, "Locksmith deactivated");

    const name = `Ada Assign ${tag}`;
    await addLead(page, { name, phone: uniquePhone().typed, zip });
    await search(page, "Search leads", name);
    const row = tableRow(page, name);
    // One way to send someone (decision 0026): no bare "assign" select on the row.
    await expect(row.getByRole("combobox", { name: /^Locksmith for the lead/ })).toHaveCount(0);
    await expect(row).toContainText("Nobody yet");
    await row.getByRole("button", { name: `Dispatch the lead from ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Dispatch a locksmith" });
    const choose = dialog.getByLabel("Locksmith");
    // The best one ready now is chosen for you, and says why (decision 0029).
    await expect(choose.locator("option:checked")).toHaveText(
      new RegExp(`^${covering} — covers ${zip} · free since .+ · on call$`),
    );
    const groups = choose.locator("optgroup");
    await expect(groups.nth(0)).toHaveAttribute("label", "Ready now");
    await expect(groups.nth(0).locator("option").first()).toHaveText(new RegExp(`^${covering} — `));
    // Inactive locksmiths are not offered, even when they cover the ZIP.
    await expect(choose.locator("option", { hasText: retired })).toHaveCount(0);

    // They said yes on a call: assigned at once, no offer texted.
    await dialog
      .getByLabel(
        "They said yes on the phone: assign it to them now, without texting them the offer",
      )
      .check();
    await dialog.getByRole("button", { name: "Dispatch", exact: true }).click();
    await expectToast(page, "Lead assigned successfully", { type: "success" });
    const done = page.getByRole("dialog", { name: `Assigned to ${covering}` });
    await expect(done).toContainText("nothing was texted to them");
    await done.getByRole("button", { name: "Done" }).click();
    await expect(row.getByLabel(`Status of the lead from ${name}`)).toHaveValue("in_progress");
    await page.reload();
    await expect(tableRow(page, name)).toContainText(`${covering} accepted`);
    await expect(
      tableRow(page, name).getByRole("button", { name: `Reassign the lead from ${name}` }),
    ).toBeVisible();
    await context.close();
  });

  test("an open status can be set from any open one; a closed lead waits for Reopen", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const name = `Stu Status ${uniqueTag()}`;
    await addLead(page, { name, phone: uniquePhone().typed });
    await search(page, "Search leads", name);
    const status = tableRow(page, name).getByLabel(/^Status of the lead from/);
    for (const [next, label] of [
      ["assigned", "Assigned"],
      ["new", "New"],
      ["in_progress", "In Progress"],
      ["cancelled", "Cancelled"],
    ] as const) {
      if (next === "cancelled") {
        // Cancelled asks first (decision 0057): No leaves the lead as it was.
        const asked = page.waitForEvent("dialog");
        page.once("dialog", (dialog) => void dialog.dismiss());
        await status.selectOption(next);
        expect((await asked).message()).toMatch(
          /^Cancel the lead from .+\? The customer is texted/,
        );
        await expect(status).toHaveValue("in_progress");
        page.once("dialog", (dialog) => void dialog.accept());
      }
      await status.selectOption(next);
      // One toast per change: told apart by the status it names.
      const done = page
        .locator("[data-sonner-toast][data-type=success]")
        .filter({ hasText: "Lead status updated" })
        .filter({ hasText: `Now ${label}.` });
      await expect(done).toBeVisible();
      await expect(status).toHaveValue(next);
    }
    // Cancelled is closed: the status shows, fixed, until the lead is reopened.
    await expect(status).toBeDisabled();
    await page.reload();
    await expect(status).toHaveValue("cancelled");
    await tableRow(page, name)
      .getByRole("button", { name: `Reopen the lead from ${name}` })
      .click();
    const reopen = page.getByRole("dialog", { name: "Reopen the lead" });
    await reopen.getByLabel("Why it is reopened").fill("Called back: still locked out");
    await reopen.getByRole("button", { name: "Reopen", exact: true }).click();
    await expectToast(page, "Lead reopened");
    await expect(status).toHaveValue("new");
    await expect(status).toBeEnabled();
    await context.close();
  });

  test("failures are the spec's 'Error' toasts and change nothing", async ({ browser, owner }) => {
    const client = await quietClient(browser, { storageState: owner });
    const { page, context } = client;
    const name = `Fay Failure ${uniqueTag()}`;
    await addLead(page, { name, phone: uniquePhone().typed });
    await search(page, "Search leads", name);
    const leadId = await tableRow(page, name).locator('input[name="leadId"]').first().inputValue();

    const badStatus = await postAction(client, "/admin/leads", {
      intent: "status",
      leadId,
      status: "archived",
    });
    expect(badStatus.status()).toBe(400);
    await page.reload();
    await expectToast(page, "Error", {
      type: "error",
      description: "Failed to update lead status",
    });
    await expect(tableRow(page, name).getByLabel(/^Status of the lead/)).toHaveValue("new");

    const nobody = await postAction(client, "/admin/leads", {
      intent: "dispatch",
      leadId,
      locksmithId: "00000000-0000-4000-8000-000000000000",
    });
    // A locksmith the form offered but the roster no longer has: the list was stale.
    expect(nobody.status()).toBe(409);
    await page.reload();
    await expectToast(page, "Error", {
      type: "error",
      description: /^Failed to dispatch the lead/,
    });
    await expect(tableRow(page, name).getByLabel(/^Status of the lead/)).toHaveValue("new");
    await context.close();
  });

  test("Create job makes a job from the lead and opens Jobs on it", async ({ browser, owner }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const name = `Jo Jobber ${uniqueTag()}`;
    await addLead(page, { name, phone: uniquePhone().typed, serviceType: "rekeying" });
    await search(page, "Search leads", name);
    await tableRow(page, name)
      .getByRole("button", { name: `Create job for the lead from ${name}` })
      .click();
    await expect(page).toHaveURL(/\/admin\/jobs\?q=[0-9a-f]{8}$/);
    await expectToast(page, "Job created", { type: "success", description: `${name} · Rekeying` });
    await context.close();
  });
});

test.describe("live updates", () => {
  test("a lead added and a locksmith deactivated elsewhere show up without a reload", async ({
    browser,
    owner,
  }) => {
    const tag = uniqueTag();
    const zip = uniqueZip();
    const locksmith = `Lou Live ${tag}`;
    const other = await quietClient(browser, { storageState: owner });
    await createLocksmith(other.page, { name: locksmith, zips: zip });

    // The watcher keeps the live stream (newClient, not quietClient).
    const watcher = await newClient(browser, { storageState: owner });
    await gotoHydrated(watcher.page, `/admin/leads?q=${tag}`);
    await expect(watcher.page.getByRole("banner").getByText("Live", { exact: true })).toBeVisible();
    await expect(watcher.page.getByText("No leads match.")).toBeVisible();

    const name = `Liv Stream ${tag}`;
    await addLead(other.page, { name, phone: uniquePhone().typed, zip });
    const row = tableRow(watcher.page, name);
    await expect(row).toHaveCount(1);
    // The new row's Dispatch offers the locksmith covering its ZIP…
    const dispatch = row.getByRole("button", { name: `Dispatch the lead from ${name}` });
    const dialog = watcher.page.getByRole("dialog", { name: "Dispatch a locksmith" });
    await dispatch.click();
    await expect(dialog.getByRole("option", { name: locksmith })).toHaveCount(1);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // …until someone deactivates them elsewhere.
    await gotoHydrated(other.page, `/admin/locksmiths?q=${encodeURIComponent(locksmith)}`);
    await tableRow(other.page, locksmith)
      .getByRole("button", { name: `Active: click to deactivate ${locksmith}` })
      .click();
    await expectToast(other.page, "Locksmith deactivated");
    // The list reloads live: the dialog opened again offers them no more.
    await expect(async () => {
      await dispatch.click();
      try {
        await expect(dialog.getByRole("option", { name: locksmith })).toHaveCount(0, {
          timeout: 1_000,
        });
      } finally {
        await dialog.getByRole("button", { name: "Cancel" }).click();
      }
    }).toPass({ timeout: 10_000 });

    await gotoHydrated(other.page, `/admin/leads?q=${encodeURIComponent(name)}`);
    await tableRow(other.page, name)
      .getByLabel(`Status of the lead from ${name}`)
      .selectOption("completed");
    await expect(row.getByLabel(/^Status of the lead from/)).toHaveValue("completed");
    await expect(row.getByRole("button", { name: `Reopen the lead from ${name}` })).toBeVisible();
    await other.context.close();
    await watcher.context.close();
  });
});

test.describe("CSV export", () => {
  test("exports every lead of the current search and status with the agreed columns", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner });
    const tag = uniqueTag();
    const names = [`Cass One ${tag}`, `Cass Two ${tag}`];
    for (const name of names)
      await addLead(page, { name, phone: uniquePhone().typed, zip: "60453" });
    await search(page, "Search leads", tag);
    await page.getByLabel("Filter by status").selectOption("new");
    await expect(page).toHaveURL(/status=new/);

    const link = page.getByRole("link", { name: "Export CSV" });
    // The link follows the rendered filter (the address bar changes a moment earlier).
    const href = `/admin/leads/export.csv?q=${tag}&status=new`;
    await expect(link).toHaveAttribute("href", href);
    const download = page.waitForEvent("download");
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);

    const response = await context.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,name,phone,service_type,zip,status,source,assigned_locksmith,marketing_source,landing_page",
    );
    expect(lines).toHaveLength(3);
    // Newest first, like the list.
    expect(lines[1]).toContain(names[1]);
    expect(lines[2]).toContain(names[0]);
    expect(lines[1]).toMatch(
      /^[0-9a-f-]{36},\d{4}-\d{2}-\d{2}T[\d:.]+Z,Cass Two \w+,"?\(312\) \d{3}-\d{4}"?,emergency,60453,new,manual,,,$/,
    );

    // Without a filter it streams them all, past the list's count cap (500) and across
    // batches of 1,000: the demo's thousands, each once, newest first.
    const all = await context.request.get("/admin/leads/export.csv");
    const rows = (await all.text()).trimEnd().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(2000);
    const ids = rows.map((row) => row.slice(0, 36));
    expect(new Set(ids).size).toBe(rows.length);
    const times = rows.map((row) => row.split(",")[1]!);
    expect([...times].sort().reverse()).toEqual(times);
    await context.close();
  });
});

test.describe("on a phone", () => {
  test("375 px shows cards with the status select, Dispatch and Create job", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, { storageState: owner, viewport: MOBILE });
    const name = `Moe Mobile ${uniqueTag()}`;
    await addLead(page, { name, phone: uniquePhone().typed, serviceType: "automotive" });
    await search(page, "Search leads", name);
    await expect(page.locator("table")).toBeHidden();
    const item = card(page, name);
    await expect(item).toContainText("Automotive");
    await expect(item).toContainText("Nobody yet");
    await item.getByLabel(`Status of the lead from ${name}`).selectOption("assigned");
    await expectToast(page, "Lead status updated", { type: "success" });
    await expect(item.getByRole("button", { name: /^Create job/ })).toBeVisible();
    await expect(
      item.getByRole("button", { name: `Dispatch the lead from ${name}` }),
    ).toBeVisible();
    await context.close();
  });

  test("a phone gets the cards alone, ten a page, with or without JavaScript, by its hint or its user agent", async ({
    browser,
    owner,
  }) => {
    const phone = { "sec-ch-ua-mobile": "?1" };
    const { request } = await quietClient(browser, {
      storageState: owner,
      extraHTTPHeaders: phone,
    });
    const html = await (await request.get("/admin/leads")).text();
    expect(html).not.toContain("<table");
    expect(html).toContain('aria-label="Leads"');
    const desktop = await (
      await request.get("/admin/leads", { headers: { "sec-ch-ua-mobile": "?0" } })
    ).text();
    expect(desktop).toContain("<table");
    // Safari sends no client hints: an iPhone is known by its user agent.
    const iphone = await (
      await request.get("/admin/leads", {
        headers: {
          "sec-ch-ua-mobile": "",
          "user-agent":
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
        },
      })
    ).text();
    expect(iphone).not.toContain("<table");
    // Twice the rows' selects for the desktop page, which must work at any width.
    expect(html.length).toBeLessThan(desktop.length * 0.7);

    const { page } = await quietClient(browser, {
      storageState: owner,
      viewport: MOBILE,
      extraHTTPHeaders: phone,
      javaScriptEnabled: false,
    });
    await page.goto("/admin/leads");
    await expect(page.locator("main ul[aria-label=Leads] > li").first()).toBeVisible();
    await expect(page.locator("main ul[aria-label=Leads] > li")).toHaveCount(PHONE_PAGE_SIZE);
  });
});

test.describe("without JavaScript", () => {
  test("each row's Save button changes its status; a closed lead's status stays put", async ({
    browser,
    owner,
  }) => {
    const setup = await quietClient(browser, { storageState: owner });
    const name = `Nia Noscript ${uniqueTag()}`;
    await addLead(setup.page, { name, phone: uniquePhone().typed });
    await setup.context.close();

    const { page, context } = await quietClient(browser, {
      storageState: owner,
      viewport: DESKTOP,
      javaScriptEnabled: false,
    });
    // A row's box and Save wrap under its select: the whole list's table fits its box.
    await page.goto("/admin/leads");
    const box = await page
      .getByRole("table")
      .evaluate((table) => [table.parentElement!.scrollWidth, table.parentElement!.clientWidth]);
    expect(box[0], "the table's width inside its box").toBeLessThanOrEqual(box[1]!);

    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    const row = tableRow(page, name);
    await row.getByLabel(`Status of the lead from ${name}`).selectOption("in_progress");
    await row.getByRole("button", { name: `Save status of ${name}` }).click();
    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    await expect(row.getByLabel(`Status of the lead from ${name}`)).toHaveValue("in_progress");

    // Cancelling asks first: without JavaScript, the box beside Save (decision 0057).
    await row.getByLabel(`Status of the lead from ${name}`).selectOption("cancelled");
    await row.getByLabel("Yes, cancel it").check();
    await row.getByRole("button", { name: `Save status of ${name}` }).click();
    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    await expect(row.getByLabel(/^Status of the lead from/)).toHaveValue("cancelled");
    await expect(row.getByLabel(/^Status of the lead from/)).toBeDisabled();
    await expect(row.getByRole("button", { name: /^Save status/ })).toHaveCount(0);
    await context.close();
  });

  test("Add Lead saves, closes and says so, and the header does not claim to be live", async ({
    browser,
    owner,
  }) => {
    const { page, context } = await quietClient(browser, {
      storageState: owner,
      javaScriptEnabled: false,
    });
    await page.goto("/admin/leads");
    // Nothing will connect: "Connecting..." would be a promise the page cannot keep.
    const banner = page.getByRole("banner");
    await expect(banner.getByText("Not live: JavaScript is off")).toBeVisible();
    await expect(banner.getByText("Connecting...")).toBeHidden();

    await page.getByRole("button", { name: "Add Lead" }).click();
    await expect(page).toHaveURL(/\/admin\/leads\?open=add-lead$/);
    const name = `Nadia Noscript ${uniqueTag()}`;
    const dialog = page.getByRole("dialog", { name: "Add lead" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Phone").fill(uniquePhone().typed);
    await dialog.getByLabel("Service type").selectOption("emergency");
    await dialog.getByRole("button", { name: "Add lead" }).click();

    // Back on the list, the dialog closed (not the same form again, empty), with the toast's
    // words in the page and the new lead first.
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: "Lead added successfully" }),
    ).toBeVisible();
    await expect(tableRow(page, name)).toBeVisible();
    await context.close();
  });
});

test.describe("accessibility", () => {
  for (const [label, viewport] of VIEWPORTS) {
    test(`the list and Add Lead at ${label} have no violations`, async ({ browser, owner }) => {
      // axe walks every option of 25 rows' two selects: give a busy machine time.
      test.slow();
      const { page, context } = await quietClient(browser, { storageState: owner, viewport });
      await gotoHydrated(page, "/admin/leads");
      await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
      await expectNoAxeViolations(page, `Leads at ${label}`);
      await page.getByRole("button", { name: "Add Lead" }).click();
      const dialog = page.getByRole("dialog", { name: "Add lead" });
      await dialog.getByRole("button", { name: "Add lead" }).click();
      await expect(dialog.getByText("Name is required")).toBeVisible();
      await expectNoAxeViolations(page, `Add lead dialog with errors at ${label}`);
      await dialog.getByLabel("Name").fill(`Axe Toast ${label}`);
      await dialog.getByLabel("Phone").fill(uniquePhone().typed);
      await dialog.getByLabel("Service type").selectOption("emergency");
      await dialog.getByRole("button", { name: "Add lead" }).click();
      // The success toast, while it shows: its green text passes contrast on its tint.
      await expectToast(page, "Lead added successfully", { type: "success" });
      await expectNoAxeViolations(page, `success toast at ${label}`, "[data-sonner-toaster]");
      await context.close();
    });
  }
});
