import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { DESKTOP, MOBILE } from "./support/browser";
import { deadButtons } from "./support/dead-buttons";
import { openNewLead, uniqueTag, webPhone } from "./support/roster-helpers";

/*
 * No dead taps (issue 48, decision 0058): every control that opens something — the sign-in
 * page's tabs, the dialog triggers, the menus — answers a tap made the moment it is visible on
 * a fresh load, at a phone's speed (4x CPU), before the page has hydrated. Before hydration
 * each is a link to an address the server renders (the dialog drawn as part of the page);
 * once hydrated, the same tap opens it in place. One tap, never a second.
 */

interface Control {
  what: string;
  path: string | ((page: Page) => Promise<string>);
  width?: number;
  /** Seen by someone not signed in. */
  signedOut?: boolean;
  /** The control, as a person sees it. */
  control: (page: Page) => Locator;
  /** What the tap opened. */
  opened: (page: Page) => Locator;
}

/** A lead page, for a lead whose row offers `action` (Dispatch or Reassign). */
function leadWith(action: "Dispatch" | "Reassign") {
  return async (page: Page) => {
    await page.goto("/admin/leads");
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: new RegExp(`^${action} `) }) })
      .first();
    const href = await row.getByRole("link", { name: /open the lead/ }).getAttribute("href");
    return href!;
  };
}

const dialog = (page: Page) => page.getByRole("dialog");

const CONTROLS: Control[] = [
  {
    what: "/auth: the Sign Up tab",
    path: "/auth",
    signedOut: true,
    control: (page) => page.getByRole("tab", { name: "Sign Up" }),
    opened: (page) => page.getByRole("tab", { name: "Sign Up", selected: true }),
  },
  {
    what: "Leads: Add Lead",
    path: "/admin/leads",
    control: (page) => page.getByRole("button", { name: "Add Lead" }),
    opened: dialog,
  },
  {
    what: "Leads: a row's Dispatch",
    path: "/admin/leads",
    control: (page) => page.getByRole("button", { name: /^Dispatch the lead/ }).first(),
    opened: dialog,
  },
  {
    what: "a lead page: Dispatch",
    path: leadWith("Dispatch"),
    control: (page) => page.getByRole("button", { name: /^Dispatch the lead/ }),
    opened: dialog,
  },
  {
    what: "a lead page: Reassign",
    path: leadWith("Reassign"),
    control: (page) => page.getByRole("button", { name: /^Reassign the lead/ }),
    opened: dialog,
  },
  {
    // A tap that sends: the job is made and opened, whether the tap comes before hydration
    // (a plain form) or just after it, while the live stream's first reload is under way.
    what: "a new lead's page: Create job, which opens the job",
    path: async (page) => {
      await openNewLead(page, { name: `Tap Create ${uniqueTag()}`, phone: webPhone().typed });
      return new URL(page.url()).pathname;
    },
    control: (page) => page.getByRole("button", { name: /^Create job/ }),
    opened: (page) => page.getByRole("heading", { level: 1, name: "Jobs" }),
  },
  {
    what: "Jobs: New Job",
    path: "/admin/jobs",
    control: (page) => page.getByRole("button", { name: "New Job" }),
    opened: dialog,
  },
  {
    what: "Jobs: a row's Edit Pricing",
    path: "/admin/jobs",
    control: (page) => page.getByRole("button", { name: /^Edit Pricing/ }).first(),
    opened: dialog,
  },
  {
    what: "Payouts: Record payout",
    path: "/admin/payouts?preset=all",
    control: (page) => page.getByRole("link", { name: /^Record (payout|payment)/ }).first(),
    opened: dialog,
  },
  {
    what: "Locksmiths: Add Locksmith",
    path: "/admin/locksmiths",
    control: (page) => page.getByRole("button", { name: "Add Locksmith" }),
    opened: dialog,
  },
  {
    what: "Reviews: Add Review",
    path: "/admin/reviews",
    control: (page) => page.getByRole("button", { name: "Add Review" }),
    opened: dialog,
  },
  {
    what: "Dispatch codes: Generate Code",
    path: "/admin/dispatch-codes",
    control: (page) => page.getByRole("button", { name: "Generate Code" }),
    opened: dialog,
  },
  {
    what: "Call logs: View Details",
    path: "/admin/call-logs",
    control: (page) => page.getByRole("button", { name: /^View Details/ }).first(),
    opened: dialog,
  },
  {
    what: "the header's account menu",
    path: "/admin/jobs",
    control: (page) => page.getByRole("button", { name: /^Account menu/ }).first(),
    opened: (page) =>
      page.getByRole("menu").or(page.getByRole("heading", { level: 1, name: "Profile" })),
  },
  {
    what: "at 375 px, the menu button",
    path: "/admin/jobs",
    width: MOBILE.width,
    control: (page) => page.getByRole("button", { name: "Toggle sidebar" }).first(),
    opened: (page) => page.getByRole("link", { name: "Payouts" }),
  },
];

for (const item of CONTROLS) {
  test(`one tap at first sight answers, at 4x CPU: ${item.what}`, async ({ browser, owner }) => {
    const width = item.width ?? DESKTOP.width;
    const { page, context } = await newClient(browser, {
      ...(item.signedOut ? {} : { storageState: owner }),
      viewport: { width, height: 800 },
    });
    const path = typeof item.path === "string" ? item.path : await item.path(page);
    const fresh = await context.newPage();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await fresh.goto(path, { waitUntil: "commit" });
    const control = item.control(fresh);
    await control.waitFor({ state: "visible" });
    // The first moment it is visible (scrolled to, where it is below the fold): a plain
    // pointer tap at its centre, no waiting for anything else (Playwright's click would wait
    // for the page to settle).
    await control.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = (await control.boundingBox())!;
    const hydratedAtTap = await fresh.evaluate(
      () => performance.getEntriesByName("hydrated", "mark").length > 0,
    );
    await fresh.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(item.opened(fresh).first(), `hydrated at the tap: ${hydratedAtTap}`).toBeVisible({
      timeout: 20_000,
    });
    await context.close();
  });
}

const SCREENS = [
  "/admin",
  "/admin/leads",
  "/admin/jobs",
  "/admin/payouts",
  "/admin/locksmiths",
  "/admin/locksmiths/board",
  "/admin/reviews",
  "/admin/dispatch-codes",
  "/admin/call-logs",
  "/admin/messages",
  "/admin/reports",
  "/admin/reconciliation",
  "/admin/settings",
  "/admin/profile",
];

test("the server renders no control as a script-only button outside a form", async ({
  browser,
  owner,
}) => {
  test.setTimeout(240_000);
  const { page, context } = await newClient(browser, { storageState: owner });
  const leadPath = await leadWith("Dispatch")(page);
  const paths = [...SCREENS, leadPath];
  const dead: string[] = [];
  const anonymous = await newClient(browser);
  const signedOut = ["/auth", "/auth?tab=sign-up"].map((path) => ({ path, as: anonymous }));
  const screens = [...signedOut, ...paths.map((path) => ({ path, as: { context } }))];
  for (const { path, as } of screens) {
    const response = await as.context.request.get(path);
    expect(response.status(), path).toBe(200);
    for (const text of deadButtons(await response.text())) dead.push(`${path}: "${text}"`);
  }
  expect(dead).toEqual([]);
  await context.close();
  await anonymous.context.close();
});
