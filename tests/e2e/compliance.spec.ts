import { test, expect } from "./support/test";
import { createApprovedUser, expectToast, newClient } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import {
  describeWithNightWatch,
  requestService,
  saveNightWatch,
} from "./support/night-watch-helpers";
import {
  createLocksmith,
  leadTimeline,
  openLeadNamed,
  openLocksmithPage,
  quietClient,
  uniquePhone,
  uniqueTag,
  uniqueZip,
} from "./support/roster-helpers";
import { daysFromToday } from "./support/periods";

/*
 * The compliance file (issue 45): the office records a locksmith's insurance with its
 * certificate; once it has lapsed, automatic offers pass them by, and the Dispatch dialog
 * asks "Insurance expired …: send anyway?" before the office may send them. Only an owner
 * opens the certificate.
 */

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
describeWithNightWatch("compliance file", () => {
  test("a locksmith with lapsed insurance is not auto-offered, and a manual send is confirmed", async ({
    browser,
    owner,
  }) => {
    const { page } = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
    const tag = uniqueTag();
    const zip = uniqueZip();
    // Added first, so free for longer: without the insurance rule she would be offered first.
    const lapsed = `Ina Lapsed ${tag}`;
    const current = `Carl Covered ${tag}`;
    await createLocksmith(page, { name: lapsed, zips: zip });
    await createLocksmith(page, { name: current, zips: zip });

    // Her insurance, with its certificate, ran out three days ago.
    const lapsedPath = await openLocksmithPage(page, lapsed);
    const insurance = page.locator("form#compliance-insurance");
    await insurance.getByLabel("Insurer").fill("Great Lakes Mutual");
    await insurance.getByLabel("Policy number").fill("GL-4471");
    await insurance.getByLabel("Coverage").fill("1,000,000");
    await insurance.getByLabel("Last day it covers").fill(daysFromToday(-3));
    await insurance.getByLabel("File (optional)").setInputFiles({
      name: "certificate.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await insurance.getByRole("button", { name: "Save insurance" }).click();
    await expectToast(page, "Insurance saved");
    await expect(
      page.getByText(/^Insurance expired \w{3} \d+(, \d{4})?: not offered jobs automatically\.$/),
    ).toBeVisible();
    await expect(page.getByText(/^Expired \w{3} \d+/)).toBeVisible();
    await expectNoAxeViolations(page, "a locksmith's compliance at 1280 px");
    await page.screenshot({ path: "test-results/compliance-locksmith-1280.png", fullPage: true });
    await page.setViewportSize(MOBILE);
    await expectNoAxeViolations(page, "a locksmith's compliance at 375 px");
    await page.screenshot({ path: "test-results/compliance-locksmith-375.png", fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The owner opens the certificate: our name for it, its bytes, and the opening is logged.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /^Open the insurance file/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ina-lapsed-${tag.toLowerCase()}-insurance.pdf`);

    // An admin sees that the file is there, and cannot open it.
    const admin = await createApprovedUser(browser, owner, "compliance-admin", {
      viewport: MOBILE,
    });
    await gotoHydrated(admin.client.page, lapsedPath);
    await expect(
      admin.client.page.getByText(
        /^On file \(PDF, 1 KB, uploaded .+\)\. Only an owner can open it\.$/,
      ),
    ).toBeVisible();
    await expect(
      admin.client.page.getByRole("link", { name: /^Open the insurance file/ }),
    ).toHaveCount(0);
    const fileHref = await page
      .getByRole("link", { name: /^Open the insurance file/ })
      .getAttribute("href");
    const refused = await admin.client.request.get(fileHref!);
    expect(refused.status()).toBe(403);

    // Automatic offers on: a web request in their ZIP goes to Carl, never to Ina.
    await saveNightWatch(page, {
      mode: "always",
      offerSeconds: "300",
      maxOffers: "2",
      onCallName: "Dana",
      onCallPhone: uniquePhone().typed,
    });
    const customer = `Covered Caller ${tag}`;
    const visitor = await newClient(browser, { viewport: MOBILE });
    await requestService(visitor.page, { name: customer, zip });
    const office = await quietClient(browser, { storageState: owner, viewport: DESKTOP });
    await openLeadNamed(office.page, customer);
    await expect(
      leadTimeline(office.page).getByText(`Offered automatically to ${current} (offer 1 of 2)`),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      leadTimeline(office.page).getByText(`Offered automatically to ${lapsed}`),
    ).toHaveCount(0);

    // The office moves the lead to Ina by hand: the dialog marks her and asks first.
    await office.page
      .getByRole("button", { name: /^Reassign/ })
      .first()
      .click();
    const dialog = office.page.getByRole("dialog", { name: "Reassign the lead" });
    const select = dialog.getByLabel("Give it to");
    await expect(select.locator("option", { hasText: lapsed })).toHaveText(
      new RegExp(`^${lapsed} — .* · insurance expired \\w{3} \\d+, \\d{4}$`),
    );
    await select.selectOption({
      label: (await select.locator("option", { hasText: lapsed }).textContent())!,
    });
    const question = dialog.getByRole("checkbox", {
      name: /^Insurance expired \w{3} \d+(, \d{4})?: send anyway\?$/,
    });
    await expect(question).toBeVisible();
    await dialog.getByLabel("Why it moves").fill("Customer asked for her");
    await expectNoAxeViolations(
      office.page,
      "the Reassign dialog with a lapsed locksmith at 1280 px",
    );
    await office.page.setViewportSize(MOBILE);
    await expectNoAxeViolations(
      office.page,
      "the Reassign dialog with a lapsed locksmith at 375 px",
    );
    await office.page.screenshot({ path: "test-results/compliance-dispatch-375.png" });
    // Unticked, the server refuses and says why next to the question.
    await dialog.getByRole("button", { name: "Reassign" }).click();
    await expect(
      dialog.getByText("Tick it to send them anyway: automatic offers leave them out."),
    ).toBeVisible();
    await question.check();
    await dialog.getByRole("button", { name: "Reassign" }).click();
    await expect(
      office.page.getByRole("dialog", { name: `Reassigned to ${lapsed}` }),
    ).toBeVisible();
  });

  test("the business's own papers: a file that is not a PDF, JPEG or PNG is refused by its bytes", async ({
    browser,
    owner,
  }) => {
    const { page } = await quietClient(browser, { storageState: owner, viewport: MOBILE });
    await gotoHydrated(page, "/admin/settings/compliance");
    // The demo business is bonded already: this replaces it.
    await page.getByText("Replace or update the bond").click();
    const bond = page.locator("form#compliance-bond");
    await bond.getByLabel("Surety").fill("Midwest Surety Co.");
    await bond.getByLabel("Bond number").fill("SB-77");
    await bond.getByLabel("Bond amount").fill("10,000");
    await bond.getByLabel("Last day it covers").fill(daysFromToday(200));
    // Called a PDF, but HTML inside: refused next to the field, and nothing saved.
    await bond.getByLabel(/File/).setInputFiles({
      name: "bond.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    await bond.getByRole("button", { name: "Save bond" }).click();
    await expect(bond.getByText("Choose a PDF, JPEG or PNG file")).toBeVisible();
    await expect(bond.getByLabel("Surety")).toHaveValue("Midwest Surety Co.");
    await bond.getByLabel(/File/).setInputFiles({
      name: "bond.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    });
    await bond.getByRole("button", { name: "Save bond" }).click();
    await expectToast(page, "Bond saved");
    await expect(page.getByText(/^Valid until \w{3} \d+/).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Open the bond file/ })).toBeVisible();
    await expectNoAxeViolations(page, "Settings → Compliance at 375 px");
    await page.screenshot({ path: "test-results/compliance-settings-375.png", fullPage: true });
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page, "Settings → Compliance at 1280 px");
  });
});
