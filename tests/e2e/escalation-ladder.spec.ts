import { test, expect, type Page } from "./support/test";
import { expectToast, newClient, toast } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { requestService } from "./support/night-watch-helpers";
import {
  createLocksmith,
  leadTimeline,
  openLeadNamed,
  quietClient,
  uniquePhone,
  uniqueTag,
  uniqueZip,
  webPhone,
} from "./support/roster-helpers";

/*
 * The escalation ladder (issue 46, decision 0051), in real time with the shortest settings
 * (untouched 1 minute, the next person 1 minute later): with an automatic offer standing,
 * the on-call operator is texted and called at the untouched limit; nobody acts, so the
 * backup is texted and called a minute later; the customer asks again, and the on-call
 * operator is woken again at once; opening the lead stops it. Every text and call is read
 * from the fake Twilio, with its time.
 */

test.use({ texting: true, viewport: DESKTOP });

async function saveLadder(
  page: Page,
  fields: Record<string, string>,
  ticks: Record<string, boolean> = {},
) {
  await gotoHydrated(page, "/admin/settings/night-watch");
  for (const [label, value] of Object.entries(fields)) {
    const input = page.getByLabel(label, { exact: true });
    if (label === "Automatic offers") await input.selectOption(value);
    else await input.fill(value);
  }
  for (const [label, ticked] of Object.entries(ticks)) {
    await page.getByLabel(label, { exact: true }).setChecked(ticked);
  }
  await page.getByRole("button", { name: "Save night watch" }).click();
  await expectToast(page, "Night watch settings saved", { timeout: 30_000 });
}

const digitsOf = (phone: string) => phone.replace(/\D/g, "").slice(-10);

test.describe("escalation ladder", () => {
  test.describe.configure({ timeout: 300_000 });

  // Later specs on this worker's server expect the defaults: nothing offered or woken.
  test.afterEach(async ({ browser, owner }) => {
    const { page } = await quietClient(browser, { storageState: owner });
    await saveLadder(page, {
      "Automatic offers": "off",
      "New request untouched (minutes)": "2",
      "On-call operator's name": "",
      "On-call operator's phone": "",
      "Wake the next person after (minutes)": "3",
      "Times through the ladder": "2",
      "Backup 1's name": "",
      "Backup 1's phone": "",
    });
  });

  test("with an offer standing, the on-call operator is woken at the limit, the backup after them, again at once when the customer asks again", async ({
    browser,
    owner,
    phones,
  }, testInfo) => {
    const onCall = uniquePhone();
    const backup = uniquePhone();
    const settings = await quietClient(browser, { storageState: owner });
    await saveLadder(
      settings.page,
      {
        "Automatic offers": "always",
        "New request untouched (minutes)": "1",
        "On-call operator's name": "Dana Night",
        "On-call operator's phone": onCall.typed,
        "Wake the next person after (minutes)": "1",
        "Times through the ladder": "1",
        "Backup 1's name": "Ray Backup",
        "Backup 1's phone": backup.typed,
      },
      {
        "On call: text": true,
        "On call: call": true,
        "Backup 1: text": true,
        "Backup 1: call": true,
      },
    );
    await expectNoAxeViolations(settings.page, "Settings → Night watch with a ladder at 1280 px");
    const tag = uniqueTag();
    const zip = uniqueZip();
    // One locksmith for the ZIP: the automatic offer stands its full 180 s, unanswered.
    await createLocksmith(settings.page, {
      name: `Ladder Smith ${tag}`,
      zips: zip,
      cut: "60",
    });

    const customer = `Ladder Owl ${tag}`;
    const customerPhone = webPhone();
    const visitor = await newClient(browser, { viewport: MOBILE });
    const t0 = Date.now();
    await requestService(visitor.page, { name: customer, phone: customerPhone.typed, zip });

    // The office watches the dashboard, not the lead (opening it would stop the ladder).
    const office = await newClient(browser, { storageState: owner });
    await gotoHydrated(office.page, "/admin");

    // About this request only: the demo data's own waiting requests climb their ladders too.
    const textsTo = (phone: { digits: string }) =>
      phones.created.filter(
        (message) => digitsOf(message.to) === phone.digits && message.body.includes(customer),
      );
    const callsTo = (phone: { digits: string }) =>
      phones.calls.filter(
        (call) => digitsOf(call.to) === phone.digits && call.twiml.includes(customer),
      );
    const seconds = (at: Date) => Math.round((at.getTime() - t0) / 1000);

    await expect.poll(() => textsTo(onCall).length, { timeout: 100_000 }).toBe(1);
    await expect.poll(() => callsTo(onCall).length, { timeout: 15_000 }).toBe(1);
    const firstWake = seconds(textsTo(onCall)[0]!.dateCreated);
    // The untouched limit (1 minute), with the offer still standing: not 3 offers later.
    expect(firstWake).toBeGreaterThanOrEqual(58);
    expect(firstWake).toBeLessThanOrEqual(75);
    expect(textsTo(onCall)[0]!.body).toContain("New request untouched for 1 min");
    expect(textsTo(backup)).toHaveLength(0);
    // The open office tab rings too, with a toast that stays until the lead is opened.
    const alertToast = toast(office.page, "Needs attention").filter({
      hasText: "New request untouched for 1 min",
    });
    await expect(alertToast.first()).toBeVisible({ timeout: 15_000 });
    await expect(alertToast.first()).toHaveAttribute("data-type", "warning");

    // Nobody acts: the backup, a minute later.
    await expect.poll(() => textsTo(backup).length, { timeout: 100_000 }).toBe(1);
    await expect.poll(() => callsTo(backup).length, { timeout: 15_000 }).toBe(1);
    const backupWake = seconds(textsTo(backup)[0]!.dateCreated);
    expect(backupWake - firstWake).toBeGreaterThanOrEqual(58);
    expect(backupWake - firstWake).toBeLessThanOrEqual(75);

    // The customer asks again: the on-call operator is woken again at once.
    const asked = Date.now();
    await requestService(visitor.page, { name: customer, phone: customerPhone.typed, zip });
    await expect.poll(() => textsTo(onCall).length, { timeout: 20_000 }).toBe(2);
    expect(textsTo(onCall)[1]!.dateCreated.getTime() - asked).toBeLessThan(15_000);

    const captured = [
      ...phones.created
        .filter(
          (message) =>
            [onCall.digits, backup.digits].includes(digitsOf(message.to)) &&
            message.body.includes(customer),
        )
        .map(
          (message) => `${seconds(message.dateCreated)} s text to ${message.to}: ${message.body}`,
        ),
      ...[...callsTo(onCall), ...callsTo(backup)].map(
        (call) => `${seconds(call.at)} s call to ${call.to}`,
      ),
    ].sort((a, b) => parseInt(a) - parseInt(b));
    await testInfo.attach("wake-ups", { body: captured.join("\n"), contentType: "text/plain" });
    console.log(`Wake-ups after the request:\n${captured.join("\n")}`);

    // Opening the lead stops it; the timeline says who was woken and why it stopped.
    await openLeadNamed(office.page, customer);
    const steps = leadTimeline(office.page);
    await expect(
      steps.getByText("Woke Dana Night (on call) (wake-up 1 of 2)").first(),
    ).toBeVisible();
    await expect(steps.getByText("Woke Ray Backup (backup 1) (wake-up 2 of 2)")).toBeVisible();
    await expect(steps.getByText("The customer wrote again: wake-ups start over")).toBeVisible();
    await expect(steps.getByText("Wake-ups stopped: the lead was opened")).toBeVisible();
    await expectNoAxeViolations(office.page, "A lead's timeline with wake-ups at 1280 px");
  });
});
