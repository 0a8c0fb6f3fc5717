import crypto from "node:crypto";
import { expect, test } from "./support/test";
import { expectToast, newClient } from "./support/auth-helpers";
import { gotoHydrated } from "./support/browser";

/*
 * Phone calls over HTTP. The e2e server runs with no TWILIO_AUTH_TOKEN, so the webhooks are
 * off (404) and recordings can't be fetched; the recording route still sits behind the admin
 * guard. The handlers themselves are tested in app/server/phones/twilio.server.test.ts.
 */

const callId = () => crypto.randomUUID();

test("a call's recording sends an anonymous visitor to sign in", async ({ request }) => {
  const id = callId();
  for (const query of ["", "?download=1"]) {
    const response = await request.get(`/admin/call-logs/${id}/recording${query}`, {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(
      `/auth?${new URLSearchParams({ redirectTo: `/admin/call-logs/${id}/recording${query}` })}`,
    );
  }
});

test("a signed-in owner gets 404 for a call that has no recording", async ({ browser, owner }) => {
  const { context, request } = await newClient(browser, { storageState: owner });
  const response = await request.get(`/admin/call-logs/${callId()}/recording`, {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(404);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  await context.close();
});

test("with no TWILIO_AUTH_TOKEN the webhooks answer 404, signed or not", async ({ request }) => {
  const form = {
    CallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
    From: "+17085550100",
    To: "+13125550147",
    CallStatus: "completed",
    Direction: "inbound",
    CallDuration: "30",
  };
  for (const path of ["/api/webhooks/twilio/voice", "/api/webhooks/twilio/recording"]) {
    const unsigned = await request.post(path, { form, maxRedirects: 0 });
    expect(unsigned.status(), `${path} unsigned`).toBe(404);
    const signed = await request.post(path, {
      form,
      headers: { "X-Twilio-Signature": "c29tZXRoaW5n" },
      maxRedirects: 0,
    });
    expect(signed.status(), `${path} signed`).toBe(404);
    expect((await request.get(path, { maxRedirects: 0 })).status(), `${path} GET`).toBe(404);
  }
});

test("an owner turns automatic phone leads off and on again in Settings", async ({
  browser,
  owner,
}) => {
  const { context, page } = await newClient(browser, { storageState: owner });
  await gotoHydrated(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 2, name: "Phone calls" })).toBeVisible();
  await expect(page.getByText("Off: set TWILIO_AUTH_TOKEN to receive calls")).toBeVisible();
  await page.getByRole("button", { name: "Turn off automatic phone leads" }).click();
  await expectToast(page, "Automatic phone leads off", { type: "success" });
  await page.getByRole("button", { name: "Turn on automatic phone leads" }).click();
  await expectToast(page, "Automatic phone leads on", { type: "success" });
  await expect(page.getByRole("button", { name: "Turn off automatic phone leads" })).toBeVisible();
  await context.close();
});
