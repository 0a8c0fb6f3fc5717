import crypto from "node:crypto";
import net from "node:net";
import { expect, test } from "./support/test";
import {
  createOwner,
  databaseKinds,
  EventStreamReader,
  freePort,
  HttpClient,
  provisionGroupDatabase,
  reportTiming,
  startAppServer,
  type AppDatabase,
  type AppServer,
} from "./support/app-server";
import { uniqueUser } from "./support/auth-helpers";

/*
 * A client's mistakes, races and revoked sessions, over HTTP against a server of this file's
 * own, once per database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). SITE_URL is
 * https, as in production, so cookies must come Secure (the tests speak plain http to it).
 */

const OWNER = { email: "hardening-owner@example.com", password: "Hardening-Owner-7" };
const JOB_TOKEN = "A".repeat(43);

/** Every address that takes a form: each page's action, sign-in and sign-out. */
const ACTION_PATHS = [
  "/auth",
  "/auth/sign-out",
  "/request",
  `/j/${JOB_TOKEN}`,
  `/review/${JOB_TOKEN}`,
  "/admin",
  "/admin/locksmiths",
  "/admin/leads",
  `/admin/leads/${crypto.randomUUID()}`,
  "/admin/dispatch-codes",
  "/admin/jobs",
  "/admin/payouts",
  "/admin/reviews",
  "/admin/messages",
  "/admin/settings",
  "/admin/settings/messages",
  "/admin/settings/night-watch",
  "/admin/profile",
];

for (const kind of databaseKinds()) {
  test.describe(`robust under a client's mistakes [${kind}]`, () => {
    test.describe.configure({ mode: "serial" });
    test.slow();

    let database: AppDatabase;
    let server: AppServer;
    let owner: HttpClient;

    test.beforeAll(async () => {
      database = await provisionGroupDatabase(kind);
      await createOwner(database, { ...OWNER, name: "Hardening Owner" });
      const port = await freePort();
      server = await startAppServer({
        database,
        port,
        env: { SITE_URL: `https://127.0.0.1:${port}`, LOG_LEVEL: "warn" },
      });
      owner = new HttpClient(server.origin);
      await owner.signIn(OWNER.email, OWNER.password);
    });

    test.afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    test("a JSON, text or XML body to any action is 415, naming what it takes", async () => {
      for (const path of ACTION_PATHS) {
        for (const [type, body] of [
          ["application/json", '{"intent":"create","name":"x"}'],
          ["text/plain", "intent=create"],
          ["application/xml", "<intent>create</intent>"],
        ] as const) {
          const answer = await owner.fetch(path, {
            method: "POST",
            body,
            headers: { "content-type": type },
          });
          expect(answer.status, `${type} to ${path}`).toBe(415);
          expect(answer.headers.get("accept-post")).toContain("application/x-www-form-urlencoded");
        }
      }
    });

    test("a malformed multipart body to any action is 400 with a sentence", async () => {
      for (const path of ACTION_PATHS) {
        const answer = await owner.fetch(path, {
          method: "POST",
          body: "--xyz\r\nContent-Disposition: form-data\r\n\r\ncut off",
          headers: { "content-type": "multipart/form-data; boundary=xyz" },
        });
        expect(answer.status, path).toBe(400);
        expect(await answer.text()).toMatch(/could not be read/);
      }
    });

    test("a 100 MB body is refused with 413 before it is sent", async () => {
      const started = performance.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, "127.0.0.1", () => {
          socket.write(
            [
              "POST /request HTTP/1.1",
              "Host: 127.0.0.1",
              "Content-Type: application/x-www-form-urlencoded",
              `Content-Length: ${100 * 1024 * 1024}`,
              "",
              "name=",
            ].join("\r\n"),
          );
        });
        let text = "";
        socket.on("data", (chunk) => (text += chunk.toString("latin1")));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    });

    test("%00 in an export's search is 400, not 500", async () => {
      for (const list of ["leads", "jobs", "call-logs"]) {
        const answer = await owner.fetch(`/admin/${list}/export.csv?q=%00`);
        expect(answer.status, list).toBe(400);
        expect(await answer.text()).toMatch(/NUL character/);
      }
    });

    test("a NUL in the request form is 400 and uses none of the 5 hourly requests", async () => {
      const visitor = new HttpClient(server.origin);
      const form = (name: string) => ({
        name,
        phone: "(312) 555-0188",
        serviceType: "rekeying",
        zip: "60601",
        mode: "inline",
      });
      for (let i = 0; i < 5; i++) {
        const refused = await visitor.postForm("/request", form("Nul\0Name"));
        expect(refused.status).toBe(400);
        expect(await refused.text()).toMatch(/NUL character/);
      }
      for (let i = 0; i < 5; i++) {
        expect((await visitor.postForm("/request", form(`Real Name ${i}`))).status).toBe(200);
      }
      expect((await visitor.postForm("/request", form("One Too Many"))).status).toBe(429);
    });

    test("parallel Active/Inactive clicks leave the state that was asked for", async () => {
      const name = `Race Smith ${Date.now().toString(36)}`;
      const created = await owner.postForm("/admin/locksmiths", {
        intent: "create",
        name,
        phone: "(312) 555-0177",
      });
      expect(created.status).toBe(200);
      const page = await (
        await owner.fetch(`/admin/locksmiths?q=${encodeURIComponent(name)}`)
      ).text();
      const locksmithId = page.match(/name="locksmithId" value="([0-9a-f-]{36})"/)![1]!;
      const state = async () => {
        const html = await (
          await owner.fetch(`/admin/locksmiths?q=${encodeURIComponent(name)}`)
        ).text();
        return html.includes(`Active: click to deactivate ${name}`) ? "active" : "inactive";
      };
      for (let round = 0; round < 9; round++) {
        const want = round % 2 === 0 ? "inactive" : "active";
        const clicks = 2 + (round % 3);
        const answers = await Promise.all(
          Array.from({ length: clicks }, () =>
            owner.postForm("/admin/locksmiths", {
              intent: "toggle",
              locksmithId,
              active: String(want === "active"),
            }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
        expect(await state(), `round ${round}`).toBe(want);
      }
    });

    test("approve moves only a pending account: never an owner, never twice", async () => {
      const member = uniqueUser("approvee");
      const visitor = new HttpClient(server.origin);
      expect((await visitor.postForm("/auth", { intent: "sign-up", ...member })).status).toBe(302);
      const settings = await (await owner.fetch("/admin/settings")).text();
      const userId = memberId(settings, member.email);
      const both = await Promise.all([
        owner.postForm("/admin/settings", { intent: "approve", userId }),
        owner.postForm("/admin/settings", { intent: "approve", userId }),
      ]);
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(
        (await owner.postForm("/admin/settings", { intent: "set-role", userId, role: "owner" }))
          .status,
      ).toBe(200);
      const again = await owner.postForm("/admin/settings", { intent: "approve", userId });
      expect(again.status).toBe(409);
      expect(await roleOf(owner, member.email)).toBe("Owner");
    });

    test("a burst of sign-ins: beyond the hashing queue, 503 with Retry-After and a sentence", async () => {
      const attempts = await Promise.all(
        Array.from({ length: 24 }, () =>
          new HttpClient(server.origin).postForm("/auth", {
            intent: "sign-in",
            email: OWNER.email,
            password: "Not-The-Password-1",
          }),
        ),
      );
      const statuses = attempts.map((answer) => answer.status);
      expect(statuses.every((status) => status === 400 || status === 503)).toBe(true);
      const busy = attempts.find((answer) => answer.status === 503);
      expect(busy, `statuses: ${statuses.join(", ")}`).toBeDefined();
      const seconds = Number(busy!.headers.get("retry-after"));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(await busy!.text()).toContain(
        `Too many sign-ins at this moment. Try again in ${seconds} second`,
      );
    });

    test("a toast's cookie is Secure on an https site", async () => {
      const answer = await owner.postForm("/admin/locksmiths", {
        intent: "create",
        name: `Toast Smith ${Date.now().toString(36)}`,
        phone: "(312) 555-0166",
      });
      const toast = answer.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("lockline_toast="));
      expect(toast).toMatch(/; Secure/);
    });

    test.describe("an open event stream ends within 5 s when its access does", () => {
      async function approvedMember(): Promise<{
        client: HttpClient;
        id: string;
        email: string;
        password: string;
      }> {
        const member = uniqueUser("streamer");
        const client = new HttpClient(server.origin);
        expect((await client.postForm("/auth", { intent: "sign-up", ...member })).status).toBe(302);
        const id = memberId(await (await owner.fetch("/admin/settings")).text(), member.email);
        expect(
          (await owner.postForm("/admin/settings", { intent: "approve", userId: id })).status,
        ).toBe(200);
        // Sign-up signs no one in (it must not tell a stranger which emails have accounts).
        await client.signIn(member.email, member.password);
        return { client, id, email: member.email, password: member.password };
      }

      async function openStream(client: HttpClient): Promise<EventStreamReader> {
        const stream = await EventStreamReader.open(client);
        await stream.waitFor((event) => event.event === "ready");
        return stream;
      }

      async function expectEndsSoon(stream: EventStreamReader, since: number, what: string) {
        const endedAt = await stream.waitForEnd(5_000);
        const ms = Math.round(endedAt - since);
        reportTiming(`${what}: the stream ended ${ms} ms after the change`);
        expect(ms).toBeLessThan(5_000);
        expect(stream.events.map((event) => event.event)).toContain("end");
      }

      test("revoked by an owner", async () => {
        const member = await approvedMember();
        const stream = await openStream(member.client);
        const since = performance.now();
        await owner.postForm("/admin/settings", { intent: "revoke", userId: member.id });
        await expectEndsSoon(stream, since, "revoked");
        expect((await EventStreamReader.open(member.client)).response.status).toBe(401);
      });

      test("signed out (the same session, from another tab)", async () => {
        const member = await approvedMember();
        const stream = await openStream(member.client);
        const since = performance.now();
        expect((await member.client.fetch("/auth/sign-out", { method: "POST" })).status).toBe(302);
        await expectEndsSoon(stream, since, "signed out");
      });

      test("account removed", async () => {
        const member = await approvedMember();
        const stream = await openStream(member.client);
        const since = performance.now();
        await owner.postForm("/admin/settings", { intent: "remove", userId: member.id });
        await expectEndsSoon(stream, since, "removed");
      });

      test("session ended from another device (Profile)", async () => {
        const member = await approvedMember();
        // The first session is the phone's; the same account signs in on a laptop too.
        const stream = await openStream(member.client);
        const laptop = new HttpClient(server.origin);
        await laptop.signIn(member.email, member.password);
        const profile = await (await laptop.fetch("/admin/profile")).text();
        const sessionIds = [...profile.matchAll(/name="sessionId" value="([^"]+)"/g)].map(
          (match) => match[1]!,
        );
        expect(sessionIds).toHaveLength(1);
        const since = performance.now();
        const ended = await laptop.postForm("/admin/profile", {
          intent: "revoke-session",
          sessionId: sessionIds[0]!,
        });
        expect(ended.status).toBe(200);
        await expectEndsSoon(stream, since, "session ended from Profile");
      });

      test("but stays open for an owner made admin (still allowed)", async () => {
        const member = await approvedMember();
        await owner.postForm("/admin/settings", {
          intent: "set-role",
          userId: member.id,
          role: "owner",
        });
        const stream = await openStream(member.client);
        await owner.postForm("/admin/settings", {
          intent: "set-role",
          userId: member.id,
          role: "admin",
        });
        const name = `Still Streaming ${Date.now().toString(36)}`;
        await owner.postForm("/admin/locksmiths", {
          intent: "create",
          name,
          phone: "(312) 555-0155",
        });
        await stream.waitFor(
          (event) => event.event === "change" && event.data.includes("locksmiths"),
        );
        expect(stream.endedAt).toBeUndefined();
        // Sessions and accounts are the server's business: never sent to a browser.
        expect(
          stream.events.filter((event) => /"table":"(session|user)"/.test(event.data)),
        ).toEqual([]);
        await stream.close();
      });
    });
  });
}

/** A member's id, from the Settings page's team list (the row that names their email). */
function memberId(settingsHtml: string, email: string): string {
  const row = settingsHtml.split("<li").find((item) => item.includes(email));
  const id = row?.match(/name="userId" value="([^"]+)"/)?.[1];
  if (!id) throw new Error(`${email} is not on the Settings page`);
  return id;
}

async function roleOf(owner: HttpClient, email: string): Promise<string> {
  const html = await (await owner.fetch("/admin/settings")).text();
  const row = html.split("<li").find((item) => item.includes(email)) ?? "";
  return row.match(/>(Owner|Admin|Pending)</)?.[1] ?? "none";
}
