import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { E2E_ANGI_SECRET, E2E_THUMBTACK_SECRET, thumbtackApiPort } from "../../playwright.config";
import { expect, test } from "./support/test";
import { newClient } from "./support/auth-helpers";
import { MOBILE } from "./support/browser";
import {
  expectFitsAndPassesAxe,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
} from "./support/screen-checks";

/*
 * Thumbtack and Angi (issue 51, decision 0073) as the office meets them: turned on in
 * Settings → Sources (the Angi forwarding address shown), a Thumbtack lead and its message
 * arriving by webhook, a reply from the lead page reaching a local fake of Thumbtack's API,
 * and an Angi lead e-mail becoming a lead; at 1280 and 375 px, axe clean.
 */

const basic = (password: string) =>
  `Basic ${Buffer.from(`lockline:${password}`).toString("base64")}`;

const negotiationId = `e2e-${Date.now()}`;
const NEGOTIATION = {
  event: { eventType: "NegotiationCreatedV4" },
  data: {
    negotiationID: negotiationId,
    customer: { displayName: "Thumbtack Walker", phone: "3125550177" },
    request: {
      category: { name: "Locksmith" },
      description: "Rekey two doors after moving in",
      location: { address1: "1 E Erie St", city: "Chicago", state: "IL", zipCode: "60611" },
    },
  },
};
const MESSAGE = {
  event: { eventType: "MessageCreatedV4" },
  data: {
    messageID: `${negotiationId}-m1`,
    negotiationID: negotiationId,
    from: "Customer",
    text: "Can you come tomorrow morning?",
    customer: { displayName: "Thumbtack Walker" },
  },
};

test("Thumbtack and Angi leads arrive, and a reply goes out through Thumbtack", async ({
  browser,
  office,
  owner,
  siteServer,
  request,
}, testInfo) => {
  test.slow();
  const posted: string[] = [];
  const fake = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      posted.push(`${req.url} ${req.headers.authorization} ${raw}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ messageID: `${negotiationId}-out` }));
    });
  });
  const port = thumbtackApiPort(Number(new URL(siteServer.origin).port));
  await new Promise<void>((resolve) => fake.listen(port, "127.0.0.1", resolve));
  try {
    const page = office.page;
    await page.goto("/admin/settings/sources");
    const thumbtack = page
      .getByRole("heading", { level: 2, name: /^Thumbtack/ })
      .locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    const angiCard = page
      .getByRole("heading", { level: 2, name: /^Angi/ })
      .locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    for (const [card, name] of [
      [thumbtack, "Thumbtack"],
      [angiCard, "Angi"],
    ] as const) {
      const turnOn = card.getByRole("button", { name: `Turn on ${name}` });
      if (await turnOn.isVisible()) await turnOn.click();
      await expect(card.getByRole("button", { name: `Turn off ${name}` })).toBeVisible();
    }
    const address = await angiCard.locator("code").textContent();
    expect(address).toMatch(/^angi-[0-9a-f]{24}@inbound\.lockline\.test$/);
    await expectNoAxeViolations(page, "Settings → Sources with Thumbtack and Angi, 1280 px");

    // A bad password is refused; the right one makes the lead once.
    const refused = await request.post("/api/webhooks/thumbtack", {
      headers: { authorization: basic("not-the-secret-at-all") },
      data: NEGOTIATION,
    });
    expect(refused.status()).toBe(401);
    for (const outcome of ["created", "duplicate"]) {
      const answer = await request.post("/api/webhooks/thumbtack", {
        headers: { authorization: basic(E2E_THUMBTACK_SECRET) },
        data: NEGOTIATION,
      });
      expect(await answer.json()).toEqual({ received: true, outcome });
    }
    await request.post("/api/webhooks/thumbtack", {
      headers: { authorization: basic(E2E_THUMBTACK_SECRET) },
      data: MESSAGE,
    });

    await page.goto("/admin/leads?q=Thumbtack%20Walker");
    await page
      .getByRole("link", { name: /^Thumbtack Walker/ })
      .first()
      .click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Thumbtack conversation" }),
    ).toBeVisible();
    await expect(page.getByText("Can you come tomorrow morning?")).toBeVisible();
    const leadPath = new URL(page.url()).pathname;
    await office.context.close();

    const phone = await newClient(browser, { storageState: owner, viewport: MOBILE });
    await phone.page.goto(leadPath);
    await phone.page.getByLabel("Reply on Thumbtack").fill("Yes, 9 am works. See you then.");
    await phone.page.getByRole("button", { name: "Send reply" }).click();
    await expect(phone.page.getByText("Sent through Thumbtack")).toBeVisible({ timeout: 15_000 });
    expect(posted).toEqual([
      `/api/v4/negotiations/${negotiationId}/messages Bearer e2e-thumbtack-token {"text":"Yes, 9 am works. See you then."}`,
    ]);
    await expectNoAxeViolations(
      phone.page,
      "a Thumbtack lead's page with its conversation, 375 px",
    );
    await expectNoSidewaysScroll(phone.page, "a Thumbtack lead's page at 375 px");
    await phone.page.screenshot({
      path: testInfo.outputPath("thumbtack-lead-375.png"),
      fullPage: true,
    });

    // Angi: the lead e-mail, sent to the forwarding address, becomes a lead.
    const mail = fs
      .readFileSync(path.join(import.meta.dirname, "../fixtures/lead-inbox/angi-lead.eml"), "utf8")
      .replace("angi-FORWARD_TOKEN@inbound.lockline.example", address!)
      .replace("<20261129.184211.7731@mail.angi.example>", `<${negotiationId}@mail.angi.example>`);
    const angi = await request.post("/api/webhooks/angi", {
      headers: { authorization: basic(E2E_ANGI_SECRET), "content-type": "message/rfc822" },
      data: mail,
    });
    expect(await angi.json()).toEqual({ received: true, outcome: "created" });
    await phone.page.goto("/admin/settings/sources");
    const angiAtPhone = phone.page
      .getByRole("heading", { level: 2, name: /^Angi/ })
      .locator("xpath=ancestor::div[contains(@class,'rounded-xl')][1]");
    await expect(angiAtPhone.locator("dd").first()).not.toHaveText("None yet");
    await expectFitsAndPassesAxe(phone.page, "Settings → Sources, 375 px");
  } finally {
    fake.close();
  }
});
