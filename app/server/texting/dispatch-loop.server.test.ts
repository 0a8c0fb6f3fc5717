import { eq } from "drizzle-orm";
import twilio from "twilio";
import { beforeEach, expect, it } from "vitest";
import { serviceAreas } from "~/content/service-areas";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { createTestLocksmith } from "../../../tests/helpers/available-locksmith";
import { passingDoorCheck } from "../../../tests/helpers/dispatch-world";
import { FAKE_AUTH_TOKEN, FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { uniquePhone } from "../../../tests/helpers/phones";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts, TEST_SITE_URL } from "../../../tests/helpers/texting";
import { customers, jobs } from "../db/business-tables.server";
import { messages } from "../db/messaging-tables.server";
import { listLeadActivity } from "../activity/activity.server";
import { dispatchLead } from "../dispatch/dispatch.server";
import { actOnJobPage, readJobPage } from "../dispatch/job-page.server";
import { cityReviews } from "../reviews/public-reviews.server";
import { submitReview } from "../reviews/review-requests.server";
import { saveModerationHours } from "../reviews/review-moderation.server";
import { setReviewPublished } from "../reviews/reviews.server";
import { storeWebRequest } from "../leads/service-requests.server";
import { handleIncomingTextWebhook } from "../phones/message-webhooks.server";
import { sendDueTexts } from "./sender.server";
import { twilioTransport } from "./twilio-transport.server";

/*
 * The dispatch loop with texting on, through the real Twilio SDK and a fake HTTP client:
 * a web request asking for texts → dispatch → the locksmith's text with the job page link
 * → accept → on my way (the customer is told) → complete with a price → the review link →
 * the review → published → Verified on the city page; STOP from the customer ends their texts.
 */

const texts = configuredTexts();
const sender = texts.sender as Extract<typeof texts.sender, { configured: true }>;
const WEBHOOK_ENV = { SITE_URL: TEST_SITE_URL, TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN };

describeEachDatabase("the dispatch loop through Twilio", (t) => {
  const db = () => t.handle.db;
  let fake: FakeTwilio;
  const send = () =>
    sendDueTexts(db(), twilioTransport(sender, fake.httpClient), sender.statusCallbackBase, {
      retryDelay: () => 0,
    });

  beforeEach(() => {
    fake = new FakeTwilio();
  });

  async function incoming(from: string, body: string, signature?: string) {
    const url = `${TEST_SITE_URL}/api/webhooks/twilio/incoming`;
    const params = {
      MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      From: from,
      Body: body,
    };
    const request = new Request(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature":
          signature ?? twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    return handleIncomingTextWebhook({ request, db: db(), env: WEBHOOK_ENV });
  }

  async function webLead(customerPhone: string) {
    const { lead } = await storeWebRequest(db(), {
      name: "Rosa Lewis",
      phone: customerPhone,
      serviceType: "automotive",
      zip: "60629",
      address: "6118 S Pulaski Rd",
      details: "Keys in the car",
      textConsent: true,
    });
    return lead;
  }

  async function locksmith() {
    return createTestLocksmith(db(), {
      name: "Marcus Reed",
      assignedZips: ["60629"],
      defaultCutPercent: 55,
    });
  }

  it("texts the locksmith and the customer at each step, each text once", async () => {
    const customerPhone = uniquePhone();
    const lead = await webLead(customerPhone);
    expect(lead.textConsent).toBe(true);
    const smith = await locksmith();

    await dispatchLead(db(), { leadId: lead.id, locksmithId: smith.id }, TEST_ACTOR, texts);
    await send();
    const toSmith = fake.created.find((text) => text.to === smith.phone)!;
    expect(toSmith.body).toContain("Customer: Rosa Lewis");
    expect(toSmith.body).toContain("Where: 6118 S Pulaski Rd, 60629");
    const token = /\/j\/([A-Za-z0-9_-]{43})/.exec(toSmith.body)![1]!;
    expect(toSmith.body).toContain(`${TEST_SITE_URL}/j/${token}`);
    const toCustomer = fake.created.filter((text) => text.to === customerPhone);
    expect(toCustomer.map((text) => text.body)).toEqual([
      expect.stringContaining("are finding your locksmith now"),
    ]);

    await actOnJobPage(db(), token, { intent: "accept" }, texts);
    await actOnJobPage(db(), token, { intent: "on_my_way", minutes: 20 }, texts);
    // The check of ID and authority comes before any quote on a job that opens something.
    const opened = (await readJobPage(db(), token))!.doorCheck?.fixedOpened ?? "home";
    await actOnJobPage(db(), token, passingDoorCheck(opened), texts);
    await send();
    // Two taps in the same millisecond of the in-memory database's clock may go either way.
    expect(
      fake.created
        .filter((text) => text.to === customerPhone)
        .map((text) => text.body)
        .slice(1)
        .sort(),
    ).toEqual([
      "Lockline: Marcus Reed is on the way, about 20 minutes out.\nReply STOP to opt out.",
      expect.stringContaining("Marcus Reed, is assigned to your request"),
    ]);

    await actOnJobPage(
      db(),
      token,
      {
        intent: "quote",
        lines: [{ label: "Rekey two locks", cents: 24_000 }],
        reason: "Two locks",
      },
      texts,
    );
    await send();
    // Every price that waits on the customer is texted with their page to answer it.
    expect(fake.created.filter((text) => text.to === customerPhone).at(-1)?.body).toMatch(
      /^Lockline: the price for your car lock service is \$240\.00\. It waits for your approval, and nothing is charged unless you approve it: https:\/\/\S+\/t\/[A-Za-z0-9_-]{43}\nReply STOP to opt out\.$/,
    );
    const quote = (await readJobPage(db(), token))!.quote!;
    // In person, the customer approves with the code texted to their own phone (issue 44),
    // and is told by text what they approved, with the number to call if it was not them.
    await actOnJobPage(db(), token, { intent: "send_approval_code", quoteId: quote.id }, texts);
    await send();
    const codeText = fake.created.filter((text) => text.to === customerPhone).at(-1)!;
    expect(codeText.body).toMatch(
      /^Lockline: your code to approve \$240\.00 for car lock service is \d{6}\. Give it to Marcus Reed only if you agree to this price\. It works for 10 minutes\.\nReply STOP to opt out\.$/,
    );
    const code = /\b(\d{6})\b/.exec(codeText.body)![1]!;
    await actOnJobPage(
      db(),
      token,
      { intent: "approve_with_code", quoteId: quote.id, code },
      texts,
    );
    await send();
    expect(fake.created.filter((text) => text.to === customerPhone).at(-1)?.body).toBe(
      `Lockline: you approved $240.00 for car lock service. If this was not you, call ${texts.business.phone}.\nReply STOP to opt out.`,
    );
    await actOnJobPage(
      db(),
      token,
      { intent: "complete", price: 24_000, paymentMethod: "cash", collectedBy: "locksmith" },
      texts,
    );
    const [job] = await db().select().from(jobs).where(eq(jobs.leadId, lead.id));
    expect(job).toMatchObject({
      status: "completed",
      finalPriceCents: 24_000,
      theirCutCents: 13_200,
      yourCutCents: 10_800,
    });
    expect(await readJobPage(db(), token)).toMatchObject({ stage: "completed" });

    // The customer's last text carries the review link; the review is stored unpublished,
    // tied to the job; once its moderation window is over (none here) and it is published,
    // the city page shows it as Verified and counts it.
    await saveModerationHours(db(), 0, TEST_ACTOR);
    await send();
    const reviewText = fake.created.filter((text) => text.to === customerPhone).at(-1)!;
    const reviewToken = /\/review\/([A-Za-z0-9_-]{43})/.exec(reviewText.body)?.[1];
    expect(reviewText.body, "the review request").toContain(`${TEST_SITE_URL}/review/`);
    const { reviewId } = await submitReview(db(), reviewToken!, {
      rating: 5,
      body: "Marcus had me back in my car in ten minutes.",
      name: "Rosa L.",
      publishConsent: true,
    });
    const area = serviceAreas.find((candidate) => candidate.zipCodes.includes("60629"))!;
    const before = await cityReviews(db(), area);
    expect(before.reviews.map((review) => review.customerName)).not.toContain("Rosa L.");
    await setReviewPublished(db(), reviewId, true, TEST_ACTOR);
    const after = await cityReviews(db(), area);
    // The stars count the reviews a visitor can read: this one from the moment it shows.
    expect(after.rating?.reviewCount).toBe((before.rating?.reviewCount ?? 0) + 1);
    expect(after.reviews).toContainEqual(
      expect.objectContaining({ customerName: "Rosa L.", rating: 5, verified: true }),
    );

    // Every text went once; none is left waiting.
    await send();
    const rows = await db().select().from(messages).where(eq(messages.leadId, lead.id));
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    expect(new Set(fake.created.map((text) => text.sid)).size).toBe(fake.created.length);
    expect(fake.created).toHaveLength(rows.length);
  });

  it("stops texting a customer who replied STOP, and starts again on START", async () => {
    const customerPhone = uniquePhone();
    const lead = await webLead(customerPhone);
    const smith = await locksmith();

    expect((await incoming(customerPhone, "Stop")).status).toBe(200);
    const [customer] = await db()
      .select()
      .from(customers)
      .where(eq(customers.phone, customerPhone));
    expect(customer!.textsOptedOutAt).toBeInstanceOf(Date);

    await dispatchLead(db(), { leadId: lead.id, locksmithId: smith.id }, TEST_ACTOR, texts);
    await send();
    expect(fake.created.filter((text) => text.to === customerPhone)).toHaveLength(0);
    const timeline = await listLeadActivity(db(), lead.id);
    expect(timeline.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["texts_opted_out", "text_withheld"]),
    );
    // Their STOP is on the lead's thread, as a reply.
    const replies = await db().select().from(messages).where(eq(messages.leadId, lead.id));
    expect(replies.find((row) => row.purpose === "reply")).toMatchObject({
      body: "Stop",
      status: "received",
    });

    expect((await incoming(customerPhone, "START")).status).toBe(200);
    const [back] = await db().select().from(customers).where(eq(customers.phone, customerPhone));
    expect(back!.textsOptedOutAt).toBeNull();
  });

  it("refuses an incoming text with a bad signature, and answers 404 without Twilio", async () => {
    const customerPhone = uniquePhone();
    await webLead(customerPhone);
    expect((await incoming(customerPhone, "STOP", "forged")).status).toBe(403);
    const [customer] = await db()
      .select()
      .from(customers)
      .where(eq(customers.phone, customerPhone));
    expect(customer!.textsOptedOutAt).toBeNull();

    const request = new Request(`${TEST_SITE_URL}/api/webhooks/twilio/incoming`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "From=%2B13125550100&Body=STOP&MessageSid=SM1",
    });
    const response = await handleIncomingTextWebhook({
      request,
      db: db(),
      env: { SITE_URL: TEST_SITE_URL, TWILIO_AUTH_TOKEN: undefined },
    });
    expect(response.status).toBe(404);
  });
});
