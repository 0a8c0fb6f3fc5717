import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { TextSender } from "../texting/text-settings.server";

/** Places a call that says one alert to the on-call operator. */
export interface VoiceCaller {
  call(call: { to: string; say: string }): Promise<{ sid: string }>;
}

/**
 * Calls through Twilio's Voice API with the official SDK, from the texts' sender number
 * (a Messaging Service cannot place calls: then there is no caller). Tests hand in
 * `httpClient` (the SDK's own seam), as for texts.
 */
export function twilioVoiceCaller(
  sender: TextSender,
  httpClient?: RequestClient,
): VoiceCaller | undefined {
  if (!sender.configured || !sender.from) return undefined;
  const from = sender.from;
  const client = twilio(sender.accountSid, sender.authToken, {
    httpClient,
    timeout: 15_000,
    autoRetry: false,
  });
  return {
    async call({ to, say }) {
      const response = new twilio.twiml.VoiceResponse();
      // Said twice: the first words are often lost while the phone is picked up.
      response.say(say);
      response.pause({ length: 1 });
      response.say(say);
      const call = await client.calls.create({ to, from, twiml: response.toString() });
      return { sid: call.sid };
    },
  };
}
