import { expect, test, type Page } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { daysFromToday } from "./support/periods";
import {
  addLocksmith,
  createLocksmith,
  openLocksmithPage,
  openNewLead,
  quietClient,
  search,
  uniquePhone,
  uniqueTag,
  uniqueZip,
  webPhone,
} from "./support/roster-helpers";

/*
 * The night roster (issue 28, decision 0029): a locksmith sets themselves Off from the page
 * their personal link opens (with and without JavaScript) and is then not chosen for the
 * next lead; the Dispatch dialog's ranked list says why; a ZIP nobody covers lists the
 * nearest by distance; the board shows who is free and who is on a job.
 */

/** Texts the locksmith their link (from their page); the link, read from the outbox. */
async function sendPersonalLink(page: Page, name: string, phoneDigits: string): Promise<string> {
  await openLocksmithPage(page, name);
  await page.getByRole("button", { name: "Text them their link" }).click();
  await expectToast(page, "Link queued", { description: /waits in Messages, with Copy/ });
  await gotoHydrated(page, "/admin/messages");
  await search(page, "Search messages", phoneDigits);
  const body = await page.locator("main").innerText();
  const path = /\/l\/[A-Za-z0-9_-]{43}/.exec(body)?.[0];
  expect(path, body).toBeTruthy();
  return path!;
}

const board = (page: Page, group: string) => page.getByRole("list", { name: group });

for (const [label, viewport, javaScriptEnabled] of [
  ["1280 px, with JavaScript", DESKTOP, true],
  ["375 px, without JavaScript", MOBILE, false],
] as const) {
  test(`at ${label}: a locksmith sets themselves Off by their link and is not chosen; the list says why; the board follows`, async ({
    browser,
    owner,
  }) => {
    // Two browsers, three pages and four axe checks on a shared machine.
    test.setTimeout(180_000);
    const office = await quietClient(browser, { storageState: owner, viewport });
    const page = office.page;
    const tag = uniqueTag();
    const zip = uniqueZip();
    const ready = `Ava Ready ${tag}`;
    const resting = `Abe Resting ${tag}`;
    const restingPhone = uniquePhone();
    await createLocksmith(page, { name: ready, zips: zip });
    // Alphabetically first: the old dialog would have chosen him.
    await addLocksmith(page, { name: resting, phone: restingPhone.typed, zips: zip });
    await expectNoAxeViolations(page, `locksmiths list at ${label}`);

    const link = await sendPersonalLink(page, resting, restingPhone.digits);
    await openLocksmithPage(page, resting);
    await expectNoAxeViolations(page, `a locksmith's page in the office at ${label}`);

    // The locksmith, on their phone, sets themselves Off.
    const phone = await newClient(browser, { viewport: MOBILE, javaScriptEnabled });
    await phone.page.goto(link);
    await expect(
      phone.page.getByRole("heading", { level: 1, name: "You are Available" }),
    ).toBeVisible();
    await expect(phone.page.getByText("None right now.")).toBeVisible();
    // axe runs in the page: only where JavaScript runs (the same page, at 375 px, with it).
    if (javaScriptEnabled)
      await expectNoAxeViolations(phone.page, `the locksmith's own page (${label})`);
    await phone.page.getByRole("button", { name: "Off", exact: true }).click();
    await expect(phone.page.getByRole("heading", { level: 1, name: "You are Off" })).toBeVisible();
    await expect(
      phone.page.getByText("You are Off: the office will not count on you"),
    ).toBeVisible();
    await expect(phone.page.getByRole("button", { name: "Off", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // The office's dispatch: the one ready is chosen; the one Off comes after, saying so.
    const customer = `Nia Night ${tag}`;
    await openNewLead(page, { name: customer, phone: webPhone().typed, zip });
    await page
      .getByRole("button", { name: /^Dispatch/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Dispatch a locksmith" });
    const choose = dialog.getByLabel("Locksmith");
    await expect(choose.locator("option:checked")).toHaveText(
      new RegExp(`^${ready} — covers ${zip} · free since .+ · on call$`),
    );
    await expect(
      choose.locator("optgroup", { hasText: resting }).locator("option", { hasText: resting }),
    ).toHaveText(new RegExp(`^${resting} — covers ${zip} · off since .+ · on call$`));
    // Test ZIPs are real ones, numbered in a row: a neighbour's locksmith may be near, too.
    await expect(dialog).toContainText(
      new RegExp(`2 active locksmiths cover ${zip}; \\d+ ready now\\.`),
    );
    await expectNoAxeViolations(page, `the ranked dispatch dialog at ${label}`);

    // The board: one free, one off; after the dispatch, one on a job.
    const boardPage = (await newClient(browser, { storageState: owner, viewport })).page;
    await gotoHydrated(boardPage, "/admin/locksmiths/board");
    await expect(board(boardPage, "Free now")).toContainText(ready);
    await expect(board(boardPage, "Off")).toContainText(resting);
    await expectNoAxeViolations(boardPage, `the board at ${label}`);
    await dialog.getByRole("button", { name: "Dispatch", exact: true }).click();
    await expect(page.getByRole("dialog", { name: `Dispatched to ${ready}` })).toBeVisible();
    // Live: the board follows without a reload.
    await expect(board(boardPage, "On a job")).toContainText(ready);
    await expect(
      board(boardPage, "On a job")
        .getByRole("listitem")
        .filter({ hasText: ready })
        .getByRole("link", { name: /Open the lead/ }),
    ).toHaveCount(1);
    // Nobody else may be free: then the group has no list at all.
    await expect(board(boardPage, "Free now").getByText(ready)).toHaveCount(0);
    await office.context.close();
  });
}

test("a ZIP nobody covers lists the nearest locksmiths by distance, and the dialog says so", async ({
  browser,
  owner,
}) => {
  const { page } = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
  const tag = uniqueTag();
  // Anchorage, Alaska: far from the demo business's Chicago ZIPs. 99503 is about 2 miles
  // from 99501's centroid; 99507 about 7.
  const near = `Nell Near ${tag}`;
  const farther = `Fritz Farther ${tag}`;
  await createLocksmith(page, { name: farther, zips: "99507" });
  await createLocksmith(page, { name: near, zips: "99503" });
  await openNewLead(page, { name: `Una Uncovered ${tag}`, phone: webPhone().typed, zip: "99501" });
  await page
    .getByRole("button", { name: /^Dispatch/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Dispatch a locksmith" });
  await expect(dialog).toContainText(
    new RegExp(
      `Nobody covers 99501 — nearest: ${near} \\(\\d\\.\\d mi\\), ${farther} \\(\\d\\.\\d mi\\)\\. Nearest first`,
    ),
  );
  const options = dialog.getByLabel("Locksmith").locator("option", { hasText: tag });
  await expect(options).toHaveText([
    new RegExp(`^${near} — \\d\\.\\d mi · free since .+ · on call$`),
    new RegExp(`^${farther} — \\d\\.\\d mi · free since .+ · on call$`),
  ]);
  // Both are within reach: the nearest is chosen.
  await expect(dialog.getByLabel("Locksmith").locator("option:checked")).toHaveText(
    new RegExp(`^${near} — `),
  );
});

test("a locksmith whose license ran out is not chosen; the dialog says why", async ({
  browser,
  owner,
}) => {
  const { page } = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
  const tag = uniqueTag();
  const zip = uniqueZip();
  const lapsed = `Lena Lapsed ${tag}`;
  const current = `Carl Current ${tag}`;
  // Added first, so free for longer: without the license rule she would be chosen.
  await createLocksmith(page, {
    name: lapsed,
    zips: zip,
    license: { number: "153.000901", expiresOn: daysFromToday(-1) },
  });
  await createLocksmith(page, {
    name: current,
    zips: zip,
    license: { number: "153.000902", expiresOn: daysFromToday(300) },
  });
  await openNewLead(page, { name: `Lee Licensed ${tag}`, phone: webPhone().typed, zip });
  await page
    .getByRole("button", { name: /^Dispatch/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Dispatch a locksmith" });
  const select = dialog.getByLabel("Locksmith");
  await expect(select.locator("option:checked")).toHaveText(new RegExp(`^${current} — `));
  await expect(select.locator("option", { hasText: lapsed })).toHaveText(
    new RegExp(
      `^${lapsed} — covers ${zip} · free since .+ · on call · license expired \\w{3} \\d+, \\d{4}$`,
    ),
  );
});
