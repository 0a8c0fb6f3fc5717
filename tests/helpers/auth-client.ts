import crypto from "node:crypto";
import { createAuth, CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import type { Db } from "~/server/db/database.server";
import { parseEnv } from "~/server/env.server";

/*
 * better-auth's HTTP API as a browser or a script reaches it (through `auth.handler`, with
 * its hooks and rate limits), for the database tests: posts with a cookie jar of one.
 */

const SITE = "http://localhost:3000";
const SECRET = "test-secret-test-secret-test-secret";

/** A fresh client IP each time, so per-IP limits do not get in a test's way. */
export function randomIp(): string {
  return `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
}

/** An e-mail sign-in as a browser on the site posts it, from the client IP `ip`. */
export function signInRequest(ip: string, email: string, password: string): Request {
  return new Request(`${SITE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify({ email, password }),
  });
}

/** "name=value; name=value" of the cookies a response sets (expired ones left out). */
export function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

export function authClient(db: Db, settings: Record<string, string> = {}) {
  const env = parseEnv({ SITE_URL: SITE, ...settings });
  const auth = createAuth(db, env, SECRET);

  function headers(options: { cookie?: string; ip?: string } = {}): Headers {
    return new Headers({
      "content-type": "application/json",
      origin: SITE,
      [CLIENT_IP_HEADER]: options.ip ?? randomIp(),
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    });
  }

  function post(
    path: string,
    body: unknown,
    options: { cookie?: string; ip?: string } = {},
  ): Promise<Response> {
    return auth.handler(
      new Request(`${SITE}/api/auth${path}`, {
        method: "POST",
        headers: headers(options),
        body: JSON.stringify(body),
      }),
    );
  }

  function get(path: string, options: { cookie?: string } = {}): Promise<Response> {
    return auth.handler(new Request(`${SITE}/api/auth${path}`, { headers: headers(options) }));
  }

  /** Signs up (no session: sign-up signs no one in) then signs in; the session's cookie. */
  async function signUpAndIn(user: { name: string; email: string; password: string }) {
    const signUp = await post("/sign-up/email", user);
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    return signIn(user.email, user.password);
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await post("/sign-in/email", { email, password });
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
    return cookiesOf(response);
  }

  return { env, auth, headers, post, get, signUpAndIn, signIn };
}

export function uniqueEmail(label = "api"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}
