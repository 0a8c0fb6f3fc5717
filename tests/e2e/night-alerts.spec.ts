import type { Page } from "@playwright/test";
import { startPushService, type PushService } from "../helpers/push-service";
import { expectToast, newClient, postForm, type StorageState } from "./support/auth-helpers";
import { DESKTOP, gotoHydrated, MOBILE, VIEWPORTS } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { postAction, uniqueZip, webPhone } from "./support/roster-helpers";
import { expect, test } from "./support/test";
import type { Browser } from "@playwright/test";

/*
 * Night watch, the alerts that reach a person (issue 28): a new request's toast that stays,
 * the waiting count in the tab title and on Leads, and Web Push to an operator's devices
 * (turned on in Profile, received by a local push service, dropped when the service says
 * the subscription is gone).
 */

let pushService: PushService;

test.beforeAll(async ({ siteServer }) => {
  pushService = await startPushService(siteServer.pushServicePort);
});

test.afterAll(async () => {
  await pushService.close();
});

/** A visitor's web request, as the website's form posts it without JavaScript. */
async function webRequest(browser: Browser, zip = "60453"): Promise<void> {
  const visitor = await newClient(browser);
  const answer = await postForm(visitor.request, "/request", {
    name: "Pat Alarm",
    phone: webPhone().typed,
    serviceType: "automotive",
    zip,
    details: "Locked out at the gas station",
  });
  expect(answer.status(), "the request is stored (303 to the thank-you page)").toBe(303);
  await visitor.context.close();
}

/**
 * An operator's browser whose push service is the local one: the page's real code asks for
 * permission and subscribes with the server's key; only the browser's push service (which
 * would be Google's or Mozilla's) is replaced, by the test's.
 */
async function operatorWithPush(
  browser: Browser,
  owner: StorageState,
  viewport: { width: number; height: number } = DESKTOP,
) {
  const client = await newClient(browser, {
    storageState: owner,
    viewport,
    serviceWorkers: "allow",
  });
  await client.context.grantPermissions(["notifications"]);
  let clientHash = "";
  await client.page.exposeFunction("localPushSubscribe", async (key: string) => {
    const subscription = await pushService.subscribe(key);
    clientHash = subscription.clientHash;
    return { endpoint: subscription.endpoint, keys: subscription.keys };
  });
  await client.page.addInitScript(() => {
    type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
    const subscribe = (window as unknown as { localPushSubscribe(key: string): Promise<Json> })
      .localPushSubscribe;
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function (options) {
      const json = await subscribe(String(options?.applicationServerKey));
      current = {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  });
  return { ...client, clientHash: () => clientHash };
}

async function pushesReceived(clientHash: string) {
  return (await pushService.received(clientHash)).map(
    (payload) => JSON.parse(payload) as { title: string; body: string; url: string },
  );
}

for (const [label, viewport] of VIEWPORTS) {
  test(`Profile turns on notifications; a web request reaches the device; a gone device is dropped (${label})`, async ({
    browser,
    owner,
  }) => {
    const operator = await operatorWithPush(browser, owner, viewport);
    const { page } = operator;
    await gotoHydrated(page, "/admin/profile");
    const card = page
      .getByRole("heading", { name: "Alerts on this device" })
      .locator("..")
      .locator("..");
    await expect(card.getByRole("status")).toHaveText("Off on this device.");
    await expectNoAxeViolations(page, `Profile with alerts at ${label}`);

    await page.getByRole("button", { name: "Turn on notifications" }).click();
    await expectToast(page, "Notifications on");
    await expect(card.getByRole("status")).toHaveText(
      "On: this device is told of new requests and escalations.",
    );
    const devices = page.getByRole("list", { name: "Devices that get notifications" });
    const thisDevice = devices.getByRole("listitem").filter({ hasText: "This device" });
    await expect(thisDevice).toContainText(/^Chrome on \w+/);
    await expect(thisDevice).toContainText("not notified yet");

    // A request from the website: the operator's device is told, with the lead to open.
    const zip = uniqueZip();
    await webRequest(browser, zip);
    await expect
      .poll(async () => (await pushesReceived(operator.clientHash())).map((push) => push.body))
      .toContainEqual(`Automotive in ${zip}`);
    const push = (await pushesReceived(operator.clientHash())).find(
      (notice) => notice.body === `Automotive in ${zip}`,
    )!;
    expect(push.title).toBe("New web request");
    expect(push.url).toMatch(/^\/admin\/leads\/[0-9a-f-]{36}$/);

    // The test button reaches this device too.
    await page.getByRole("button", { name: "Send a test notification" }).click();
    await expectToast(page, "Test notification sent");
    await expect
      .poll(async () => (await pushesReceived(operator.clientHash())).map((p) => p.title))
      .toContain("Test notification");

    // The browser dropped the subscription: the next push finds it gone (410), and it is
    // removed from Profile.
    await pushService.expire(operator.clientHash());
    await webRequest(browser, uniqueZip());
    await expect(async () => {
      await page.reload();
      await expect(devices.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(
        0,
        { timeout: 1_000 },
      );
    }).toPass();
    await operator.context.close();
  });
}

test("a push service that refuses the device is said in words, and the button stays for another try", async ({
  browser,
  owner,
}) => {
  const { page, context } = await newClient(browser, {
    storageState: owner,
    viewport: MOBILE,
    serviceWorkers: "allow",
  });
  await context.grantPermissions(["notifications"]);
  await page.addInitScript(() => {
    PushManager.prototype.subscribe = () =>
      Promise.reject(new DOMException("Registration failed - push service error", "AbortError"));
  });
  await gotoHydrated(page, "/admin/profile");
  await page.getByRole("button", { name: "Turn on notifications" }).click();
  const card = page.getByRole("heading", { name: "Alerts on this device" }).locator("../..");
  await expect(card.getByRole("status")).toHaveText(
    "Not turned on: this browser's push service refused to sign this device up. Try again in a minute, or use another browser.",
  );
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toBeEnabled();
  await expectNoAxeViolations(page, "Profile after a refused push sign-up at 375 px");
  await context.close();
});

test("a device is removed from Profile without JavaScript", async ({ browser, owner }) => {
  const operator = await operatorWithPush(browser, owner);
  await gotoHydrated(operator.page, "/admin/profile");
  await operator.page.getByRole("button", { name: "Turn on notifications" }).click();
  await expectToast(operator.page, "Notifications on");
  await operator.context.close();

  const noScript = await newClient(browser, { storageState: owner, javaScriptEnabled: false });
  await noScript.page.goto("/admin/profile");
  const devices = noScript.page.getByRole("list", { name: "Devices that get notifications" });
  const before = await devices.getByRole("listitem").count();
  await devices
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(noScript.page).toHaveURL(/\/admin\/profile$/);
  await expect(devices.getByRole("listitem")).toHaveCount(before - 1);
  await noScript.context.close();
});

/** The count at the front of the tab's title ("(2) New requests · …"), 0 without one. */
async function waitingInTitle(page: Page): Promise<number> {
  const match = /^\((\d+)\) New requests · /.exec(await page.title());
  return match ? Number(match[1]) : 0;
}

test("a new request's toast stays until dismissed; the title and the Leads badge count what waits", async ({
  browser,
  owner,
}) => {
  const client = await newClient(browser, { storageState: owner, viewport: DESKTOP });
  const { page, context } = client;
  await gotoHydrated(page, "/admin/jobs");
  const before = await waitingInTitle(page);
  const leadsLink = page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /^Leads/ });

  const zip = uniqueZip();
  await webRequest(browser, zip);
  // (It may go on to say who is nearest when nobody covers the ZIP: decision 0029.)
  await expectToast(page, "New web request", {
    description: new RegExp(`^Automotive in ${zip}(\\.|$)`),
  });
  await expect.poll(() => waitingInTitle(page)).toBe(before + 1);
  await expect(page).toHaveTitle(/^\(\d+\) New requests · Jobs/);
  await expect(leadsLink).toHaveAccessibleName(
    `Leads (${before + 1} new ${before + 1 === 1 ? "request" : "requests"} waiting)`,
  );
  await expectNoAxeViolations(page, "Jobs with a waiting request");

  // Longer than any passing toast (4 s): it is still there.
  await page.waitForTimeout(5_000);
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: `Automotive in ${zip}` });
  await expect(toast).toBeVisible();
  // It waits below the header: the account menu and the live status stay in reach.
  const header = (await page.locator("header").first().boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

  // Opening the lead answers it: the toast goes; taking the lead off New lowers the count.
  await toast.getByRole("button", { name: "Open the lead" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
  await expect(toast).toHaveCount(0);
  const leadId = page.url().split("/").pop()!;
  const answer = await postAction(client, `/admin/leads/${leadId}`, {
    intent: "status",
    leadId,
    status: "cancelled",
    confirmCancel: "yes",
  });
  expect(answer.status()).toBeLessThan(400);
  await expect.poll(() => waitingInTitle(page)).toBe(before);
  await context.close();
});

test("on a phone, where Leads' badge hides in the closed drawer, the menu button carries a dot while requests wait", async ({
  browser,
  owner,
}) => {
  const { page, context } = await newClient(browser, { storageState: owner, viewport: MOBILE });
  await gotoHydrated(page, "/admin/jobs");
  const dot = page.getByTestId("waiting-dot");
  await webRequest(browser, uniqueZip());
  await expect.poll(() => waitingInTitle(page)).toBeGreaterThan(0);
  await expect(dot).toBeVisible();
  await expectNoAxeViolations(page, "Jobs at 375 px with a waiting request");
  await page.screenshot({ path: test.info().outputPath("waiting-dot-375.png") });

  // The drawer open: Leads says how many.
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(
    page.getByRole("link", { name: /^Leads \(\d+ new requests? waiting\)$/ }),
  ).toBeVisible();

  // On a wide screen the sidebar shows the badge itself: no dot.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(
    page.getByRole("link", { name: /^Leads \(\d+ new requests? waiting\)$/ }),
  ).toBeVisible();
  await expect(dot).toBeHidden();
  await context.close();
});
