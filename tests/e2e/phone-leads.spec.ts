import crypto from "node:crypto";
import { expect, test, type Page } from "./support/test";
import { twilioPost } from "./support/twilio-post";
import { newClient } from "./support/auth-helpers";
import { gotoHydrated, VIEWPORTS } from "./support/browser";
import { expectNoAxeViolations } from "./support/screen-checks";
import { webPhone } from "./support/roster-helpers";

/*
 * The office's side of the phone (issue 50, decision 0071), at 1280 and 375 px, axe clean:
 * a caller nobody answered leaves a voicemail, and its lead shows the call as a voicemail to
 * play, its length and Twilio's transcript of it; another caller nobody answered gets the text-back, replies with an address, and the
 * lead shows the text and the reply. Twilio's webhooks arrive signed, as Twilio sends them;
 * the texts go through the SDK to the fake Twilio.
 */

test.use({ texting: true });

const call = (from: string) => ({
  AccountSid: `AC${"a".repeat(32)}`,
  CallSid: `CA${crypto.randomBytes(16).toString("hex")}`,
  From: from,
  To: "+17085550100",
  Direction: "inbound",
});

/** The office opens the lead of a caller's number from the Leads search. */
async function openLeadOf(page: Page, caller: ReturnType<typeof webPhone>) {
  await gotoHydrated(page, `/admin/leads?q=${caller.e164.slice(2)}`);
  await page
    .getByRole("link", { name: /^Unknown/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
}

test("a voicemail and a text-back reply reach the office's lead page", async ({
  browser,
  owner,
  phones,
  request,
  siteServer,
}, testInfo) => {
  test.slow();
  const origin = siteServer.origin;

  // Nobody answers; the caller leaves a message.
  const voicemailCaller = webPhone();
  const first = call(voicemailCaller.e164);
  const greeting = await twilioPost(request, origin, "/api/webhooks/twilio/call/start", first);
  expect(greeting).toContain("<Response>");
  const recording = `https://api.twilio.com/2010-04-01/Accounts/${first.AccountSid}/Recordings/RE${crypto.randomBytes(16).toString("hex")}`;
  await twilioPost(request, origin, "/api/webhooks/twilio/call/voicemail-done", {
    ...first,
    RecordingUrl: recording,
    RecordingDuration: "14",
  });
  await twilioPost(request, origin, "/api/webhooks/twilio/voice", {
    ...first,
    CallStatus: "completed",
    CallDuration: "40",
  });
  // Twilio's transcription comes a little after the call ends.
  const transcript = "Hi, I am locked out at 6118 South Pulaski, please call me back.";
  await twilioPost(request, origin, "/api/webhooks/twilio/transcription", {
    AccountSid: first.AccountSid,
    CallSid: first.CallSid,
    RecordingSid: `RE${crypto.randomBytes(16).toString("hex")}`,
    TranscriptionStatus: "completed",
    TranscriptionText: transcript,
  });

  // Nobody answers another caller, who hangs up: the text-back goes out, and they reply.
  const missedCaller = webPhone();
  const second = call(missedCaller.e164);
  await twilioPost(request, origin, "/api/webhooks/twilio/voice", {
    ...second,
    CallStatus: "no-answer",
    CallDuration: "0",
  });
  const digits = missedCaller.e164.slice(2);
  await expect
    .poll(() => phones.textsTo(digits).join("\n"))
    .toMatch(/Sorry we missed you — reply with your address or tap to request: \S+\/request/);
  const reply = "1418 W Chicago Ave, 60642 — locked out of my car";
  await twilioPost(request, origin, "/api/webhooks/twilio/incoming", {
    AccountSid: first.AccountSid,
    MessageSid: `SM${crypto.randomBytes(16).toString("hex")}`,
    From: missedCaller.e164,
    To: "+17085550100",
    Body: reply,
  });

  for (const [label, viewport] of VIEWPORTS) {
    const { page } = await newClient(browser, { storageState: owner, viewport });
    await openLeadOf(page, voicemailCaller);
    await expect(
      page.getByText("Created from a voicemail: listen to it and call them back."),
    ).toBeVisible();
    const calls = page.getByRole("region", { name: "Calls from this number" });
    await expect(calls.getByText("Voicemail, 0:14", { exact: true })).toBeVisible();
    await expect(calls.getByText(transcript)).toBeVisible();
    await expect(calls.getByRole("link", { name: /^Play the voicemail/ })).toBeVisible();
    await expectNoAxeViolations(page, `a voicemail's lead at ${label}`);
    await page.screenshot({
      path: testInfo.outputPath(`voicemail-lead-${label}.png`),
      fullPage: true,
    });

    await openLeadOf(page, missedCaller);
    await expect(page.getByText(/Sorry we missed you/).first()).toBeVisible();
    await expect(page.getByText(reply).first()).toBeVisible();
    await expectNoAxeViolations(page, `a text-back's lead at ${label}`);
    await page.screenshot({
      path: testInfo.outputPath(`text-back-lead-${label}.png`),
      fullPage: true,
    });
  }
});
