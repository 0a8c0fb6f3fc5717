import { once } from "node:events";
import type { Server } from "node:http";
import { createRequire } from "node:module";

/*
 * A local Web Push service (web-push-testing, in this process): it hands out subscriptions
 * as a browser's push service would, takes the server's encrypted, VAPID-signed pushes,
 * and shows what each subscription received. Tests point the app's push sender at it;
 * nothing ever goes to a real push service.
 */

const require = createRequire(import.meta.url);

interface PushApiModelLike {
  notifyUrl: string;
}
interface WebPushTestingServer {
  _server: Server;
  startServer(): void;
}

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  origin: string;
  /** A new subscription for the app's public VAPID key, as a browser would get one. */
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The payloads a subscription received, oldest first. */
  received(clientHash: string): Promise<string[]>;
  /** The browser unsubscribed: the service answers 410 from now on. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(port: number): Promise<PushService> {
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as {
    PushApiModel: new () => PushApiModelLike;
  };
  const ServerClass = require("web-push-testing/src/server.js") as new (
    model: PushApiModelLike,
    port: number,
  ) => WebPushTestingServer;
  const server = new ServerClass(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // it announces its port on stdout
  try {
    server.startServer();
    await once(server._server, "listening");
  } finally {
    console.log = log;
  }
  const origin = `http://localhost:${port}`;
  const post = async (path: string, body?: unknown): Promise<{ data?: unknown }> => {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`push service ${path}: ${response.status}`);
    return response.status === 200 ? await response.json().catch(() => ({})) : {};
  };
  return {
    origin,
    async subscribe(applicationServerKey) {
      const { data } = await post("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      return data as LocalSubscription;
    },
    async received(clientHash) {
      const { data } = await post("/get-notifications", { clientHash });
      return (data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    async close() {
      server._server.closeAllConnections();
      await new Promise<void>((resolve) => server._server.close(() => resolve()));
    },
  };
}
