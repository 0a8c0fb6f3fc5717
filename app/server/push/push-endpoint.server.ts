import crypto from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  isPublicAddress,
  isPushServiceAddress,
  isTestService,
} from "~/lib/push/push-service-address";

/*
 * Where a push may go (issue 47): a browser's push service is an https host on the open
 * internet. An operator's subscription naming anything else (a loopback port, the cloud's
 * metadata address, a private network) would make the server a way into the network. The
 * host is resolved and judged when the subscription is saved, and judged again as the push
 * connects (the connection's own lookup refuses an internal address), so a name that
 * resolves elsewhere later (DNS rebinding) reaches nothing. Redirects are never followed.
 */

/** Why an endpoint is refused, or undefined when the server may send to it. */
export async function endpointProblem(
  endpoint: string,
  testService: string | undefined,
): Promise<"address" | undefined> {
  if (!isPushServiceAddress(endpoint, testService)) return "address";
  const url = new URL(endpoint);
  if (isTestService(url, testService)) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0) return "address";
    return addresses.every((entry) => isPublicAddress(entry.address)) ? undefined : "address";
  } catch {
    return "address";
  }
}

/**
 * The browser's keys as RFC 8291 needs them: `p256dh` an uncompressed P-256 point (65 bytes,
 * on the curve), `auth` a 16-byte secret. A key that cannot encrypt is refused when saved,
 * not found out at every push.
 */
export function validPushKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, "base64url");
  const auth = Buffer.from(keys.auth, "base64url");
  if (point.length !== 65 || point[0] !== 0x04 || auth.length !== 16) return false;
  try {
    crypto.createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    return true;
  } catch {
    return false;
  }
}

/** A DNS lookup for a push connection that fails on any internal address it resolves to. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.length === 0 || list.some((entry) => !isPublicAddress(entry.address));
    if (refused) {
      const refusal = Object.assign(new Error(`${hostname} resolves to an internal address`), {
        code: "EPUSHADDRESS",
      });
      return callback(refusal, "", 0);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body?: Buffer | null;
}

/**
 * Posts one encrypted push; resolves with the status. A redirect is an answer like any
 * other (never followed), and no answer within `timeoutMs` is an error.
 */
export function sendPushRequest(
  request: PushRequest,
  testService: string | undefined,
  timeoutMs = 5_000,
): Promise<number> {
  const url = new URL(request.endpoint);
  if (!isPushServiceAddress(request.endpoint, testService)) {
    return Promise.reject(new Error("The push endpoint is not one the server sends to"));
  }
  const local = isTestService(url, testService);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: local ? undefined : publicOnlyLookup,
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("The push service did not answer")));
    outgoing.on("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}
