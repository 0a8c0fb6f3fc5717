import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import {
  configuredTexts,
  TEST_FROM_NUMBER,
  unconfiguredTexts,
} from "../../../tests/helpers/texting";
import { readTwiml } from "../../../tests/helpers/twiml";
import {
  signedTwilioRequest,
  webhookEnv,
  WEBHOOK_SITE_URL,
} from "../../../tests/helpers/twilio-webhooks";
import { VOICE } from "~/lib/phones/voice-texts";
import { assignments } from "../db/business-tables.server";
import { readJobPage } from "../dispatch/job-page.server";
import { RuleError } from "../rule-error.server";
import { createCustomerLink } from "../customers/customer-links.server";
import { readCustomerPage } from "../customers/customer-page.server";
import {
  handleBridgeWebhook,
  MASKED_CALL_TEXT,
  startCustomerMaskedCall,
  startMaskedCall,
  twilioBridgeCaller,
} from "./masked-calls.server";

describeEachDatabase("masked calls", (t) => {
  const db = () => t.handle.db;
  const world = dispatchWorld(db);

  async function job() {
    const locksmith = await world.locksmith("Marcus Reed");
    const lead = await world.lead({ consent: true });
    const dispatch = await world.dispatch(lead.id, locksmith.id);
    const token = world.tokenOf(dispatch);
    const [assignment] = await db()
      .select()
      .from(assignments)
      .where(eq(assignments.leadId, lead.id));
    return { locksmith, lead, dispatch, token, assignment: assignment! };
  }

  async function bridge(assignmentId: string, now?: Date, to = "") {
    const response = await handleBridgeWebhook({
      request: signedTwilioRequest(`/api/webhooks/twilio/bridge?assignment=${assignmentId}${to}`, {
        CallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
        From: TEST_FROM_NUMBER,
        To: "+13125550100",
      }),
      db: db(),
      env: webhookEnv,
      now,
    });
    expect(response.status).toBe(200);
    return readTwiml(await response.text());
  }

  it("never shows the locksmith the customer's number: not in the text, not on the page", async () => {
    const { lead, dispatch, token } = await job();
    const digits = lead.phone.slice(-10);
    expect(dispatch.text.replace(/\D/g, "")).not.toContain(digits);
    const page = await readJobPage(db(), token, new Date(), configuredTexts());
    expect(page?.customer).toMatchObject({ name: "Ann Lee", phone: null });
    expect(JSON.stringify(page).replace(/\D/g, "")).not.toContain(digits);
    // Without Twilio there is no business line to bridge through: the page keeps the number.
    const unmasked = await readJobPage(db(), token, new Date(), unconfiguredTexts());
    expect(unmasked?.customer?.phone).toBe(lead.phone);
  });

  it("calls the locksmith through the SDK, then bridges to the customer from the business number", async () => {
    const { locksmith, lead, token, assignment } = await job();
    const fake = new FakeTwilio();
    await startMaskedCall(
      db(),
      { SITE_URL: WEBHOOK_SITE_URL },
      token,
      twilioBridgeCaller(configuredTexts().sender, fake.httpClient),
    );
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      to: locksmith.phone,
      from: TEST_FROM_NUMBER,
      url: `${WEBHOOK_SITE_URL}/api/webhooks/twilio/bridge?assignment=${assignment.id}`,
    });
    expect(await bridge(assignment.id)).toEqual([
      { name: "Say", attrs: {}, text: VOICE.bridging, children: [] },
      {
        name: "Dial",
        attrs: { callerId: TEST_FROM_NUMBER, timeout: "30" },
        text: "",
        children: [{ name: "Number", attrs: {}, text: lead.phone, children: [] }],
      },
    ]);
  });

  it("refuses once the assignment has ended, and the bridge says the job is closed", async () => {
    const { token, assignment } = await job();
    const fake = new FakeTwilio();
    const caller = twilioBridgeCaller(configuredTexts().sender, fake.httpClient);
    // The offer lapsed unanswered: the assignment is over.
    const later = new Date(assignment.expiresAt.getTime() + 60_000);
    await expect(
      startMaskedCall(db(), { SITE_URL: WEBHOOK_SITE_URL }, token, caller, later),
    ).rejects.toThrow(new RuleError(MASKED_CALL_TEXT.closed));
    expect(fake.calls).toEqual([]);
    expect(await bridge(assignment.id, later)).toEqual([
      { name: "Say", attrs: {}, text: VOICE.jobClosed, children: [] },
      { name: "Hangup", attrs: {}, text: "", children: [] },
    ]);
    await world.act(token, { intent: "decline" });
    expect((await bridge(assignment.id)).map((element) => element.name)).toEqual(["Say", "Hangup"]);
    expect((await bridge(crypto.randomUUID()))[0]?.text).toBe(VOICE.jobClosed);
  });

  describe("the customer's Call your locksmith", () => {
    const site = { SITE_URL: WEBHOOK_SITE_URL };

    it("is offered only once a locksmith has taken the job, and only with Twilio set up", async () => {
      const { lead, token } = await job();
      const link = await createCustomerLink(db(), lead.id);
      const view = (maskedCalls: boolean) =>
        readCustomerPage(db(), link, new Date(), { maskedCalls });
      // An offer is nobody's promise yet: no call to a locksmith who may decline.
      expect((await view(true))?.canCallLocksmith).toBe(false);
      const fake = new FakeTwilio();
      const caller = twilioBridgeCaller(configuredTexts().sender, fake.httpClient);
      await expect(startCustomerMaskedCall(db(), site, link, caller)).rejects.toThrow(
        new RuleError(MASKED_CALL_TEXT.noLocksmith),
      );
      expect(fake.calls).toEqual([]);
      await world.act(token, { intent: "accept" });
      expect((await view(true))?.canCallLocksmith).toBe(true);
      expect((await view(false))?.canCallLocksmith).toBe(false);
      await expect(startCustomerMaskedCall(db(), site, link, undefined)).rejects.toThrow(
        new RuleError(MASKED_CALL_TEXT.unavailable),
      );
    });

    it("calls the customer, then bridges to the locksmith from the business number", async () => {
      const { locksmith, lead, token, assignment } = await job();
      await world.act(token, { intent: "accept" });
      const link = await createCustomerLink(db(), lead.id);
      const fake = new FakeTwilio();
      const caller = twilioBridgeCaller(configuredTexts().sender, fake.httpClient);
      await startCustomerMaskedCall(db(), site, link, caller);
      expect(fake.calls).toHaveLength(1);
      expect(fake.calls[0]).toMatchObject({
        to: lead.phone,
        from: TEST_FROM_NUMBER,
        url: `${WEBHOOK_SITE_URL}/api/webhooks/twilio/bridge?assignment=${assignment.id}&to=locksmith`,
      });
      expect(await bridge(assignment.id, undefined, "&to=locksmith")).toEqual([
        { name: "Say", attrs: {}, text: VOICE.bridgingToLocksmith, children: [] },
        {
          name: "Dial",
          attrs: { callerId: TEST_FROM_NUMBER, timeout: "30" },
          text: "",
          children: [{ name: "Number", attrs: {}, text: locksmith.phone, children: [] }],
        },
      ]);
      // Once the locksmith lets the job go, the bridge to them is closed.
      await world.act(token, { intent: "decline" });
      expect(await bridge(assignment.id, undefined, "&to=locksmith")).toEqual([
        { name: "Say", attrs: {}, text: VOICE.customerJobClosed, children: [] },
        { name: "Hangup", attrs: {}, text: "", children: [] },
      ]);
      await expect(startCustomerMaskedCall(db(), site, link, caller)).rejects.toThrow(
        new RuleError(MASKED_CALL_TEXT.noLocksmith),
      );
    });
  });
});
