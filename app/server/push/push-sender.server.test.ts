import crypto from "node:crypto";
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/e2e/support/app-process";
import { startPushService, type PushService } from "../../../tests/helpers/push-service";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { createUserWithPassword } from "../auth/users.server";
import { timers } from "../db/night-watch-tables.server";
import type { NotifyContext } from "../night-watch/notify-operators.server";
import { fireDueTimers, PUSH_ATTEMPTS } from "../night-watch/timer-worker.server";
import { endpointProblem, validPushKeys } from "./push-endpoint.server";
import {
  listPushSubscriptions,
  MAX_PUSH_DEVICES,
  queueOperatorPush,
  savePushSubscription,
} from "./push-subscriptions.server";
import { pushToOperators, pushToUser, type PushSender } from "./push-sender.server";
import { vapidKeys } from "./vapid.server";

let SENDER: PushSender = { contactEmail: "office@example.com" };
const NOTICE = {
  title: "New web request",
  body: "Car lockout in Oak Lawn (60453)",
  url: "/admin/leads/x",
  tag: "lead-x",
};

let service: PushService;
beforeAll(async () => {
  service = await startPushService(await freePort());
  SENDER = { ...SENDER, testService: service.origin };
});
afterAll(() => service.close());

let users = 0;
describeEachDatabase("Web Push to operators", (t) => {
  const db = () => t.handle.db;

  async function operator(role: "owner" | "admin" | "pending" = "admin") {
    users += 1;
    return createUserWithPassword(db(), {
      email: `push-${users}-${Date.now()}@example.com`,
      name: `Operator ${users}`,
      password: "Brass-Van-42",
      role,
    });
  }

  /** A browser of `userId` subscribed through the local push service. */
  async function device(userId: string) {
    const subscription = await service.subscribe((await vapidKeys(db())).publicKey);
    await savePushSubscription(db(), userId, { ...subscription, device: "Chrome on Android" });
    return subscription;
  }

  it("makes one VAPID key pair and keeps it", async () => {
    const first = await vapidKeys(db());
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(await vapidKeys(db())).toEqual(first);
  });

  it("pushes a notice, encrypted and signed, that each operator's device receives", async () => {
    const a = await device((await operator("owner")).id);
    const b = await device((await operator("admin")).id);
    const waiting = await device((await operator("pending")).id);

    const outcome = await pushToOperators(db(), SENDER, NOTICE);

    expect(outcome.failed).toBe(0);
    for (const subscription of [a, b]) {
      const received = await service.received(subscription.clientHash);
      expect(received.map((payload) => JSON.parse(payload))).toContainEqual(NOTICE);
    }
    expect(await service.received(waiting.clientHash), "not approved: nothing").toEqual([]);
  });

  it("drops a subscription the push service says is gone (410), and keeps the others", async () => {
    const user = await operator();
    const gone = await device(user.id);
    const kept = await device(user.id);
    await service.expire(gone.clientHash);

    const outcome = await pushToUser(db(), SENDER, user.id, NOTICE);

    expect(outcome).toMatchObject({ sent: 1, dropped: 1, failed: 0 });
    const left = await listPushSubscriptions(db(), user.id);
    expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(left[0]!.lastPushedAt).toBeInstanceOf(Date);
  });

  it("counts a push service that cannot be reached as failed, and keeps the subscription", async () => {
    const user = await operator();
    await savePushSubscription(db(), user.id, {
      endpoint: `http://localhost:${await freePort()}/notify/nobody`,
      keys: (await service.subscribe((await vapidKeys(db())).publicKey)).keys,
      device: "Firefox on Windows",
    });

    const outcome = await pushToUser(db(), SENDER, user.id, NOTICE);

    expect(outcome).toMatchObject({ sent: 0, dropped: 0, failed: 1 });
    expect(await listPushSubscriptions(db(), user.id)).toHaveLength(1);
  });

  it("a subscription saved again moves to whoever saved it last, with its new keys", async () => {
    const first = await operator();
    const second = await operator();
    const subscription = await device(first.id);
    await savePushSubscription(db(), second.id, { ...subscription, device: "Safari on iPhone" });

    expect(await listPushSubscriptions(db(), first.id)).toEqual([]);
    expect((await listPushSubscriptions(db(), second.id))[0]!.device).toBe("Safari on iPhone");
  });
});

/** A local server that counts the connections it is asked for, and answers `answer`. */
async function listener(answer: (res: http.ServerResponse) => void) {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    req.resume();
    answer(res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("where a push may go (issue 47)", () => {
  it.each([
    "https://127.0.0.1:5432/",
    "https://169.254.169.254/latest/meta-data/iam/",
    "https://10.0.0.1:8443/admin",
    "https://localhost:6379/",
    "https://[::1]:8443/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:a9fe:a9fe]/latest/meta-data/",
    "https://[fd12:3456::1]/",
    "https://[fe80::1]/",
    "https://192.168.1.1/",
    "https://172.16.0.5/",
    "https://100.64.0.1/",
    "https://224.0.0.1/",
    "https://0.0.0.0/",
    "https://2130706433/",
    "http://fcm.googleapis.com/fcm/send/x",
    "https://user:secret@8.8.8.8/",
  ])("refuses %s", async (endpoint) => {
    expect(await endpointProblem(endpoint, undefined)).toBe("address");
  });

  it("takes an https address on the open internet, and the test's own push service", async () => {
    expect(await endpointProblem("https://8.8.8.8/push/abc", undefined)).toBeUndefined();
    expect(await endpointProblem("https://[2001:4860:4860::8888]/x", undefined)).toBeUndefined();
    expect(await endpointProblem(`${service.origin}/notify/x`, service.origin)).toBeUndefined();
  });

  it("takes a browser's keys, and refuses keys that cannot encrypt", async () => {
    const { keys } = await service.subscribe((await vapidKeysOf()).publicKey);
    expect(validPushKeys(keys)).toBe(true);
    const auth = keys.auth;
    expect(validPushKeys({ p256dh: "A".repeat(87), auth })).toBe(false);
    // 65 bytes that start as a point does, but are not on the curve.
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]);
    expect(validPushKeys({ p256dh: offCurve.toString("base64url"), auth })).toBe(false);
    expect(validPushKeys({ p256dh: keys.p256dh, auth: "AAAA" })).toBe(false);
  });
});

/** The VAPID keys of a throwaway database are not needed for subscribing: any P-256 key does. */
async function vapidKeysOf() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString("base64url") };
}

describeEachDatabase("a push that fails on one device (issue 47)", (t) => {
  const db = () => t.handle.db;
  let count = 0;
  async function operator() {
    count += 1;
    return createUserWithPassword(db(), {
      email: `push-bad-${count}-${Date.now()}@example.com`,
      name: `Operator ${count}`,
      password: "Brass-Van-42",
      role: "admin",
    });
  }
  async function device(userId: string) {
    const subscription = await service.subscribe((await vapidKeys(db())).publicKey);
    await savePushSubscription(db(), userId, { ...subscription, device: "Chrome on Android" });
    return subscription;
  }

  it("connects to no internal address at send, even one saved before the checks", async () => {
    const internal = await listener((res) => res.writeHead(201).end());
    const user = await operator();
    const keys = (await service.subscribe((await vapidKeys(db())).publicKey)).keys;
    for (const endpoint of [
      `https://127.0.0.1:${internal.port}/push`,
      `https://localhost:${internal.port}/push`,
      `http://127.0.0.1:${internal.port}/push`,
    ]) {
      await savePushSubscription(db(), user.id, { endpoint, keys, device: "Old row" });
    }

    const outcome = await pushToUser(db(), SENDER, user.id, NOTICE);

    expect(outcome).toMatchObject({ sent: 0, failed: 3 });
    expect(internal.hits()).toBe(0);
    await internal.close();
  });

  it("follows no redirect, and a redirect is not a delivery", async () => {
    const target = await listener((res) => res.writeHead(200).end("secret"));
    const redirecting = await listener((res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/latest/meta-data/` }).end(),
    );
    const origin = `http://127.0.0.1:${redirecting.port}`;
    const user = await operator();
    const keys = (await service.subscribe((await vapidKeys(db())).publicKey)).keys;
    await savePushSubscription(db(), user.id, { endpoint: `${origin}/push`, keys, device: "X" });

    const outcome = await pushToUser(db(), { ...SENDER, testService: origin }, user.id, NOTICE);

    expect(outcome).toMatchObject({ sent: 0, failed: 1 });
    expect(redirecting.hits()).toBe(1);
    expect(target.hits()).toBe(0);
    expect((await listPushSubscriptions(db(), user.id))[0]!.lastPushedAt).toBeNull();
    await Promise.all([target.close(), redirecting.close()]);
  });

  it(`keeps ${MAX_PUSH_DEVICES} devices per operator, dropping the oldest`, async () => {
    const user = await operator();
    const first = await device(user.id);
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) await device(user.id);
    const left = await listPushSubscriptions(db(), user.id);
    expect(left).toHaveLength(MAX_PUSH_DEVICES);
    expect(left.map((row) => row.endpoint)).not.toContain(first.endpoint);
  });

  it("a malformed key fails its own device only; the timer retries only it, a few times", async () => {
    const user = await operator();
    const good = await device(user.id);
    await savePushSubscription(db(), user.id, {
      endpoint: `${service.origin}/notify/broken`,
      keys: { p256dh: "A".repeat(87), auth: good.keys.auth },
      device: "Broken",
    });
    const key = `bad-key-${crypto.randomUUID()}`;
    const notice = { ...NOTICE, tag: key };
    await queueOperatorPush(db(), key, notice, null);
    const deps = {
      db: db(),
      context: async (now: Date) => ({ now }) as unknown as NotifyContext,
      voice: () => undefined,
      push: (pushed: typeof notice, skip: ReadonlySet<string>) =>
        pushToOperators(db(), SENDER, pushed, skip),
    };

    // Each pass a minute later than the last: every retry is due.
    for (let pass = 1; pass <= PUSH_ATTEMPTS + 3; pass++) {
      await fireDueTimers(deps, { now: new Date(Date.now() + pass * 60_000) });
    }

    const got = (await service.received(good.clientHash)).filter(
      (payload) => (JSON.parse(payload) as { tag: string }).tag === key,
    );
    expect(got).toHaveLength(1);
    const [timer] = await db()
      .select()
      .from(timers)
      .where(eq(timers.key, `operator_push:${key}`));
    expect(timer!.state).toBe("done");
    expect(timer!.attempts).toBe(PUSH_ATTEMPTS);
  });
});
