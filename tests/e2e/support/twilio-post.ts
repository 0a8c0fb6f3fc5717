import twilio from "twilio";
import { FAKE_AUTH_TOKEN } from "../../helpers/fake-twilio";
import { expect, type APIRequestContext } from "./test";

/** A webhook as Twilio posts it: signed with the auth token over the public address. */
export async function twilioPost(
  request: APIRequestContext,
  origin: string,
  path: string,
  params: Record<string, string>,
): Promise<string> {
  const answer = await request.post(path, {
    form: params,
    headers: {
      "X-Twilio-Signature": twilio.getExpectedTwilioSignature(
        FAKE_AUTH_TOKEN,
        `${origin}${path}`,
        params,
      ),
    },
    maxRedirects: 0,
  });
  expect(answer.status(), path).toBe(200);
  return answer.text();
}
