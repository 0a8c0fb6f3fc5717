import { test, expect } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { dispatchFromLeadPage } from "./support/dispatch-helpers";
import {
  describeWithNightWatch,
  requestService,
  saveNightWatch,
} from "./support/night-watch-helpers";
import {
  createLocksmith,
  leadTimeline,
  openLeadNamed,
  quietClient,
  uniquePhone,
  uniqueTag,
  uniqueZip,
} from "./support/roster-helpers";

/*
 * The night watch (issue 28): with automatic offers on, a web request is offered by itself,
 * passes to the next locksmith when the first does not answer, and is accepted through the
 * link, each step on the lead's timeline as it happens; a request nobody can take is
 * escalated to the on-call operator (a text in Messages) and waits under Needs attention on
 * the dashboard until someone is sent.
 */

// Short offers, so a test sees one pass on, yet long enough for a loaded machine to open the
// link and accept the next one in time; the settings go back to off after each test, since
// later specs on this worker's server expect nothing to be offered behind their backs.
const OFFER_SECONDS = "12";

describeWithNightWatch("night watch", () => {
  test("a web request is offered, passes on unanswered, and is accepted through the link; the office sees each step", async ({
    browser,
    owner,
  }) => {
    const settings = await quietClient(browser, { storageState: owner });
    await gotoHydrated(settings.page, "/admin/settings/night-watch");
    await expectNoAxeViolations(settings.page, "Settings → Night watch at 1280 px");
    await settings.page.setViewportSize(MOBILE);
    await expectNoAxeViolations(settings.page, "Settings → Night watch at 375 px");
    await settings.page.setViewportSize(DESKTOP);
    await saveNightWatch(settings.page, {
      mode: "always",
      offerSeconds: OFFER_SECONDS,
      maxOffers: "2",
      onCallName: "Dana",
      onCallPhone: uniquePhone().typed,
    });
    // Wrong input is answered next to its field, and nothing is saved.
    await settings.page.getByLabel("Offer timer (seconds)").fill("2");
    await settings.page.getByRole("button", { name: "Save night watch" }).click();
    await expect(
      settings.page.getByText("Offer timer: enter whole seconds from 5 to 3600"),
    ).toBeVisible();

    const tag = uniqueTag();
    const zip = uniqueZip();
    const first = `Aa First ${tag}`;
    const second = `Ab Second ${tag}`;
    for (const name of [first, second]) {
      await createLocksmith(settings.page, { name, zips: zip, cut: "60" });
    }

    const customer = `Night Owl ${tag}`;
    const visitor = await newClient(browser, { viewport: MOBILE });
    await requestService(visitor.page, { name: customer, zip });

    const office = await newClient(browser, { storageState: owner });
    await openLeadNamed(office.page, customer);
    const steps = leadTimeline(office.page);
    await expect(steps.getByText(`Offered automatically to ${first} (offer 1 of 2)`)).toBeVisible();
    // Nobody answers: after the offer timer it passes to the next, live on the open page.
    await expect(steps.getByText("The offer expired unanswered")).toBeVisible({ timeout: 30_000 });
    await expect(
      steps.getByText(`Offered automatically to ${second} (offer 2 of 2)`),
    ).toBeVisible();

    // The second locksmith accepts through the link in their text.
    const offerText = await steps
      .getByRole("listitem")
      .filter({ hasText: `Text to ${second}` })
      .first()
      .innerText();
    const jobPath = /\/j\/[A-Za-z0-9_-]{43}/.exec(offerText)?.[0];
    expect(jobPath, offerText).toBeTruthy();
    const locksmith = await newClient(browser, { viewport: MOBILE });
    await locksmith.page.goto(jobPath!);
    await locksmith.page.getByRole("button", { name: /^Accept/ }).click();
    await expect(steps.getByText("Locksmith accepted the job")).toBeVisible();
    await expectNoAxeViolations(office.page, "lead page with automatic offers at 1280 px");
    // The accept ends the chain: no third offer, no escalation after the timer.
    await office.page.waitForTimeout(Number(OFFER_SECONDS) * 1000 + 2_000);
    await expect(steps.getByText(/Offered automatically .* \(offer 3/)).toHaveCount(0);
    await expect(steps.getByText(/^Needs attention/)).toHaveCount(0);
    await office.page.setViewportSize(MOBILE);
    await expectNoAxeViolations(office.page, "lead page with automatic offers at 375 px");
  });

  test("a request nobody can take escalates to the on-call operator and waits under Needs attention until someone is sent", async ({
    browser,
    owner,
  }) => {
    const settings = await quietClient(browser, { storageState: owner });
    const onCall = uniquePhone();
    await saveNightWatch(settings.page, {
      mode: "always",
      offerSeconds: OFFER_SECONDS,
      onCallName: "Dana",
      onCallPhone: onCall.typed,
    });
    const office = await newClient(browser, { storageState: owner });
    await gotoHydrated(office.page, "/admin");
    const queue = office.page.getByRole("list", { name: "Requests that need attention" });

    const tag = uniqueTag();
    const zip = uniqueZip();
    const customer = `Lone Caller ${tag}`;
    const visitor = await newClient(browser);
    await requestService(visitor.page, { name: customer, zip });

    // Nobody covers the ZIP: escalated at once; the open dashboard shows it by itself.
    const item = queue.getByRole("listitem").filter({ hasText: customer });
    await expect(item).toContainText("Automatic offers found nobody");
    await expectNoAxeViolations(office.page, "dashboard with Needs attention at 1280 px");
    await office.page.setViewportSize(MOBILE);
    await expectNoAxeViolations(office.page, "dashboard with Needs attention at 375 px");
    await office.page.setViewportSize(DESKTOP);

    // The text to the on-call operator waits in Messages, to copy.
    await gotoHydrated(settings.page, `/admin/messages?q=${onCall.digits}`);
    const text = settings.page.locator("table tbody tr").filter({ hasText: customer });
    await expect(text).toContainText("Alert to the on-call operator");
    await expect(text.getByRole("button", { name: /^Copy/ })).toBeVisible();

    // Someone is sent: the alert clears, on the timeline and off the dashboard.
    const smith = `Late Smith ${tag}`;
    await createLocksmith(settings.page, { name: smith, zips: zip });
    await item.getByRole("link").click();
    await expect(office.page).toHaveURL(/\/admin\/leads\//);
    await expect(
      leadTimeline(office.page).getByText(/^Needs attention: Automatic offers found nobody/),
    ).toBeVisible();
    await dispatchFromLeadPage(office.page, smith);
    await expect(leadTimeline(office.page).getByText(/^Cleared: Automatic offers/)).toBeVisible();
    await gotoHydrated(office.page, "/admin");
    await expect(queue.getByRole("listitem").filter({ hasText: customer })).toHaveCount(0);
  });
});
