import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { uniqueEmail } from "../../../tests/helpers/auth-client";
import { dispatchWorld } from "../../../tests/helpers/dispatch-world";
import { watchDeps, watchSettings } from "../../../tests/helpers/night-watch";
import { startSmtpCatcher, type SmtpCatcher } from "../../../tests/helpers/smtp-catcher";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { buildReceipt } from "~/lib/money/receipt";
import { readCustomerPage } from "../customers/customer-page.server";
import { timers } from "../db/night-watch-tables.server";
import { parseEnv } from "../env.server";
import { fireDueTimers } from "../night-watch/timer-worker.server";
import { priceJobAsOffice } from "./office-pricing.server";
import { receiptMailSubject, sendReceiptMail } from "./receipt-mail.server";
import { readReceipt, readReceiptBusiness } from "./receipts.server";
import { saveReceiptSettings } from "./receipt-settings.server";

/*
 * The receipt's e-mailed copy (issue 44), through a real SMTP conversation with an in-process
 * server: a customer who gave an address gets the receipt when the job is completed, sent by
 * the timer worker so that a mail server that is down fails nothing and is tried again.
 */

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(() => smtp.close());

/** A port nothing listens on: the mail server is down. */
const DOWN = "smtp://127.0.0.1:9";

describeEachDatabase("the receipt's e-mailed copy", (t) => {
  const db = () => t.handle.db;
  const w = dispatchWorld(db);
  const env = (smtpUrl = smtp.url) =>
    parseEnv({
      SITE_URL: "https://lockline.example",
      SMTP_URL: smtpUrl,
      BUSINESS_NAME: "Lockline",
    });
  const deps = (smtpUrl?: string) => ({
    ...watchDeps(db(), () => watchSettings()),
    receiptMail: (jobId: string) => sendReceiptMail(db(), env(smtpUrl), jobId),
  });
  const mailTimers = (leadId: string) =>
    db()
      .select()
      .from(timers)
      .where(and(eq(timers.leadId, leadId), like(timers.key, "receipt_mail:%")));

  async function completedFor(email?: string) {
    const smith = await w.locksmith("Marcus Reed", 60);
    const lead = await w.lead({ serviceType: "automotive", name: "Dana Whitfield", email });
    const token = w.tokenOf(await w.dispatch(lead.id, smith.id));
    await w.act(token, { intent: "accept" });
    await w.quoteAndComplete(token, 18_500, { paymentMethod: "cash", collectedBy: "locksmith" });
    const [job] = await w.jobsOf(lead.id);
    return { lead, job: job!, token };
  }

  it("mails the receipt, with a link that opens the customer's page, when the job completes", async () => {
    await saveReceiptSettings(
      db(),
      { legalName: "Lockline Security LLC", address: "2200 W Cermak Rd", taxRates: {} },
      TEST_ACTOR,
    );
    const email = uniqueEmail("receipt");
    const { lead, job } = await completedFor(email);
    expect(await mailTimers(lead.id)).toHaveLength(1);
    await fireDueTimers(deps());
    const mail = await smtp.next(email);
    expect(mail.subject).toBe(receiptMailSubject("Lockline", job.id.slice(0, 8).toUpperCase()));
    expect(mail.text).toContain("Business: Lockline Security LLC");
    expect(mail.text).toContain("Address: 2200 W Cermak Rd");
    expect(mail.text).toContain("Customer: Dana Whitfield");
    expect(mail.text).toContain("Service address: 6118 S Pulaski Rd, 60629");
    expect(mail.text).toMatch(/Completed: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T/);
    expect(mail.text).toContain("held by Marcus Reed, the locksmith");
    expect(mail.text).toContain("Balance due: $0.00");
    const link = /https:\/\/lockline\.example\/t\/([A-Za-z0-9_-]{43})\/receipt/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect((await readCustomerPage(db(), link![1]!))?.receipt?.jobId).toBe(job.id);
    // Sent once: the timer is done.
    expect((await mailTimers(lead.id))[0]).toMatchObject({ state: "done" });
  });

  it("mails nothing to a customer who gave no address", async () => {
    const { lead } = await completedFor();
    expect(await mailTimers(lead.id)).toEqual([]);
  });

  it("completes the job while the mail server is down, and mails once it is back", async () => {
    const email = uniqueEmail("later");
    const { lead, job } = await completedFor(email);
    expect(job.status).toBe("completed");
    await fireDueTimers(deps(DOWN));
    const [waiting] = await mailTimers(lead.id);
    expect(waiting).toMatchObject({ state: "pending", lastError: expect.any(String) });
    expect(smtp.mails.some((mail) => mail.to === email)).toBe(false);
    // The retry is due a few seconds later; the mail server is back by then.
    await fireDueTimers(deps(), { now: new Date(Date.now() + 60_000) });
    expect((await smtp.next(email)).subject).toContain("Your receipt from Lockline");
    expect((await mailTimers(lead.id))[0]).toMatchObject({ state: "done" });
  });

  it("shows the quote the customer last approved while an office raise waits for them", async () => {
    const { job } = await completedFor();
    await priceJobAsOffice(
      db(),
      job.id,
      { finalPriceCents: 26_000 },
      TEST_ACTOR,
      configuredTexts(),
    );
    const facts = (await readReceipt(db(), job.id))!;
    expect(facts.approvedQuote).toMatchObject({ amountCents: 18_500 });
    const receipt = buildReceipt(facts, await readReceiptBusiness(db(), env()));
    expect(new Map(receipt.totals).get("Approved quote")).toMatch(/^\$185\.00, approved /);
    expect(new Map(receipt.job).get("Customer")).toBe("Dana Whitfield");
  });
});
