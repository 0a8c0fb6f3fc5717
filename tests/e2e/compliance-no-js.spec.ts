import { test, expect } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { MOBILE } from "./support/browser";
import { requestService } from "./support/night-watch-helpers";
import {
  createLocksmith,
  leadTimeline,
  openLeadNamed,
  openLocksmithPage,
  quietClient,
  uniqueTag,
  uniqueZip,
} from "./support/roster-helpers";
import { expectToast } from "./support/auth-helpers";
import { daysFromToday } from "./support/periods";

/*
 * Decision 0064's "send anyway?" without JavaScript (decision 0068): the Dispatch dialog
 * opened from its address posts itself; the first send to a locksmith whose insurance has
 * lapsed comes back with the question and its box, and ticking it sends.
 */

test("without JavaScript, a lapsed locksmith is sent only once the question is ticked", async ({
  browser,
  owner,
}) => {
  test.setTimeout(120_000);
  const { page } = await quietClient(browser, { storageState: owner });
  const tag = uniqueTag();
  const zip = uniqueZip();
  const lapsed = `Nia Lapsed ${tag}`;
  await createLocksmith(page, { name: lapsed, zips: zip });
  await openLocksmithPage(page, lapsed);
  const insurance = page.locator("form#compliance-insurance");
  await insurance.getByLabel("Insurer").fill("Great Lakes Mutual");
  await insurance.getByLabel("Last day it covers").fill(daysFromToday(-3));
  await insurance.getByRole("button", { name: "Save insurance" }).click();
  await expectToast(page, "Insurance saved");

  const customer = `Plain Caller ${tag}`;
  const visitor = await newClient(browser, { viewport: MOBILE });
  await requestService(visitor.page, { name: customer, zip });
  const leadPath = await openLeadNamed(page, customer);

  const plain = await newClient(browser, {
    storageState: owner,
    viewport: MOBILE,
    javaScriptEnabled: false,
  });
  await plain.page.goto(`${leadPath}?open=dispatch`);
  // Opened from its address, the dialog is part of the page.
  const select = plain.page.getByRole("combobox", { name: "Locksmith", exact: true });
  await select.selectOption({
    label: (await select.locator("option", { hasText: lapsed }).textContent())!,
  });
  const send = plain.page.getByRole("button", { name: "Dispatch", exact: true });
  await send.click();

  // Refused: the page comes back with the question, its box, and why.
  const question = plain.page.getByRole("checkbox", {
    name: /^Insurance expired \w{3} \d+(, \d{4})?: send anyway\?$/,
  });
  await expect(question).toBeVisible();
  await expect(
    plain.page.getByText("Tick it to send them anyway: automatic offers leave them out."),
  ).toBeVisible();
  await plain.page.screenshot({ path: "test-results/compliance-no-js-question-375.png" });
  await question.check();
  await send.click();
  await expect(question).toHaveCount(0);
  await plain.page.screenshot({
    path: "test-results/compliance-no-js-sent-375.png",
    fullPage: true,
  });
  // The office (with JavaScript) sees the offer on the lead's timeline.
  await page.reload();
  await expect(leadTimeline(page).getByText(new RegExp(lapsed))).not.toHaveCount(0);
});
