import { textSender, withDefaults } from "~/server/texting/text-settings.server";
import type { TextContext } from "~/server/texting/outbox.server";
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN } from "./fake-twilio";

export const TEST_SITE_URL = "https://lockline.test";
export const TEST_FROM_NUMBER = "+17085550100";

/** Texting as configured with Twilio (the fake's account) and the default templates. */
export function configuredTexts(): TextContext {
  return {
    sender: textSender(
      {
        TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN,
        TWILIO_FROM_NUMBER: TEST_FROM_NUMBER,
        TWILIO_MESSAGING_SERVICE_SID: undefined,
        SITE_URL: TEST_SITE_URL,
      },
      { from: null },
    ),
    settings: withDefaults({}),
    business: { name: "Lockline", phone: "(708) 555-0100" },
    siteUrl: TEST_SITE_URL,
  };
}

/** Texting without Twilio: texts wait in the outbox as unsent. */
export function unconfiguredTexts(): TextContext {
  return { ...configuredTexts(), sender: { configured: false, missing: "TWILIO_ACCOUNT_SID" } };
}
