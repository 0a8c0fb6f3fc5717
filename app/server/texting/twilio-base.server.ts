import RequestClient from "twilio/lib/base/RequestClient";

/** How long one request to Twilio may take before the try counts as unanswered. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The SDK's own HTTP client with Twilio's origin swapped for `base` (TWILIO_API_BASE): a local
 * fake that the browser tests read the texts (and the night watch's calls) from. Never set in production.
 */
export function twilioAtBase(base: string): RequestClient {
  const origin = new URL(base).origin;
  const client = new RequestClient({ timeout: REQUEST_TIMEOUT_MS });
  const request = client.request.bind(client);
  client.request = (options) =>
    request({ ...options, uri: options.uri.replace(/^https:\/\/[^/]+/, origin) });
  return client;
}
