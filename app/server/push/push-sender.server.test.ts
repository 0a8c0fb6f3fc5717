import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "../../../tests/e2e/support/app-process";
import { startPushService, type PushService } from "../../../tests/helpers/push-service";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { createUserWithPassword } from "../auth/users.server";
import { listPushSubscriptions, savePushSubscription } from "./push-subscriptions.server";
import { pushToOperators, pushToUser } from "./push-sender.server";
import { vapidKeys } from "./vapid.server";

const SENDER = { contactEmail: "office@example.com" };
const NOTICE = {
  title: "New web request",
  body: "Car lockout in Oak Lawn (60453)",
  url: "/admin/leads/x",
  tag: "lead-x",
};

let service: PushService;
beforeAll(async () => {
  service = await startPushService(await freePort());
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

    expect(outcome).toEqual({ sent: 1, dropped: 1, failed: 0 });
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

    expect(outcome).toEqual({ sent: 0, dropped: 0, failed: 1 });
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
