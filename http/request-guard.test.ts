import net from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST } from "~/lib/ui-text-shell";
import {
  BODY_LIMIT_BYTES,
  guardRequests,
  MAIL_LIMIT_BYTES,
  PHOTO_LIMIT_BYTES,
  UPLOAD_LIMIT_BYTES,
  withCheckedBody,
} from "./request-guard";
import { listenLocally } from "../tests/helpers/listen-locally";

/*
 * The guard in front of a stand-in for React Router: the handler reads the body the way
 * @react-router/express does (a web stream over the Node request) and echoes it.
 */
describe("guardRequests", () => {
  let port = 0;
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(guardRequests());
    app.all("/{*rest}", (req, res) => {
      const body = createReadableStreamFromReadable(withCheckedBody(req));
      void new Response(body).text().then((text) => res.type("text/plain").send(`echo:${text}`));
    });
    ({ base, port, close } = await listenLocally(app));
  });
  afterAll(() => close());

  const post = (path: string, body: BodyInit, type?: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      body,
      headers: type ? { "Content-Type": type } : {},
    });

  /** Raw HTTP, to send headers without the body they announce. */
  function rawExchange(request: string, body = ""): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = net.connect(port, "127.0.0.1", () => socket.write(request + body));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("close", () => resolve({ answer, ms: performance.now() - started }));
      socket.on("error", reject);
      setTimeout(() => socket.destroy(), 5_000).unref();
    });
  }

  it("takes Thumbtack's JSON and an Angi e-mail, raw and larger than a form, but no more", async () => {
    const event = JSON.stringify({ event: { eventType: "NegotiationCreatedV4" }, data: {} });
    expect((await post("/api/webhooks/thumbtack", event, "application/json")).status).toBe(200);
    const form = new URLSearchParams({ a: "b" });
    expect((await post("/api/webhooks/thumbtack", form)).status).toBe(415);
    const mail = `Subject: New lead\r\n\r\n${"x".repeat(BODY_LIMIT_BYTES * 2)}`;
    const answer = await post("/api/webhooks/angi", mail, "message/rfc822");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`echo:${mail}`);
    const tooLarge = "x".repeat(MAIL_LIMIT_BYTES + 1);
    expect((await post("/api/webhooks/angi", tooLarge, "message/rfc822")).status).toBe(413);
    // Other webhooks keep a form's limit.
    expect(
      (await post("/api/webhooks/stripe", `"${"x".repeat(BODY_LIMIT_BYTES)}"`, "application/json"))
        .status,
    ).toBe(413);
  });

  it("passes a form through: the route reads exactly the bytes that were checked", async () => {
    const form = new URLSearchParams({ name: "Ana Núñez", details: "Back door, 2nd floor" });
    const answer = await post("/request", form);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`echo:${form}`);

    const multipart = new FormData();
    multipart.set("intent", "create");
    multipart.set("name", "Café Ω");
    const echoed = await (await post("/admin/leads", multipart)).text();
    expect(echoed).toContain('name="name"\r\n\r\nCafé Ω');
  });

  it("takes a body exactly at the limit, refuses one byte more with 413", async () => {
    const atLimit = `a=${"x".repeat(BODY_LIMIT_BYTES - 2)}`;
    expect((await post("/request", atLimit, "application/x-www-form-urlencoded")).status).toBe(200);
    const over = await post("/request", `${atLimit}x`, "application/x-www-form-urlencoded");
    expect(over.status).toBe(413);
    expect(await over.text()).toBe(REQUEST.tooLarge(BODY_LIMIT_BYTES));
  });

  it("takes a file of up to 10 MB only on the pages that take one (compliance files)", async () => {
    const upload = () => {
      const form = new FormData();
      form.set("intent", "compliance");
      form.set("file", new Blob([new Uint8Array(2 * 1024 * 1024)]), "certificate.pdf");
      return form;
    };
    const page = "/admin/locksmiths/0b5e6f8e-2a43-4f5c-9a3e-1c2d3e4f5a6b";
    expect((await post(page, upload())).status).toBe(200);
    expect((await post(`${page}.data`, upload())).status).toBe(200);
    expect((await post("/admin/settings/compliance", upload())).status).toBe(200);
    // Anywhere else a form stays at the usual limit.
    expect((await post("/admin/leads", upload())).status).toBe(413);
    expect((await post(`${page}/edit`, upload())).status).toBe(413);
    const huge = new FormData();
    huge.set("file", new Blob([new Uint8Array(UPLOAD_LIMIT_BYTES + 1)]), "big.pdf");
    expect((await post(page, huge)).status).toBe(413);
  });

  it("lets a job page take a door check's ID photo of up to 1.5 MB, and no more", async () => {
    const withPhoto = (bytes: number) => {
      const form = new FormData();
      form.set("intent", "door_check");
      form.set("idPhoto", new Blob([new Uint8Array(bytes)]), "id-photo.jpg");
      return form;
    };
    const job = `/j/${"A".repeat(43)}`;
    expect((await post(job, withPhoto(1_400_000))).status).toBe(200);
    expect((await post(`${job}.data`, withPhoto(1_400_000))).status).toBe(200);
    expect((await post(job, withPhoto(PHOTO_LIMIT_BYTES + 1))).status).toBe(413);
    // The customer's page and the review form stay at a form's size.
    expect((await post(`/t/${"A".repeat(43)}`, withPhoto(1_400_000))).status).toBe(413);
  });

  it("answers 413 from the declared length alone, before the body is sent", async () => {
    const { answer, ms } = await rawExchange(
      [
        "POST /request HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${100 * 1024 * 1024}`,
        "",
        "",
      ].join("\r\n"),
      "name=only-the-first-bytes",
    );
    // The connection closes right after the answer: the other 100 MB are never read.
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/Connection: close/i);
    expect(ms).toBeLessThan(2_000);
  });

  it("counts a chunked body and answers 413 once it passes the limit", async () => {
    const chunk = "x".repeat(16 * 1024);
    const chunks = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const { answer } = await rawExchange(
      [
        "POST /request HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: application/x-www-form-urlencoded",
        "Transfer-Encoding: chunked",
        "",
        "",
      ].join("\r\n"),
      chunks.join(""),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("refuses bodies an action does not take with 415, naming what it takes", async () => {
    for (const [body, type] of [
      ['{"intent":"create"}', "application/json"],
      ["intent=create", "text/plain"],
      ["<intent>create</intent>", "application/xml"],
      ["intent=create", undefined],
    ] as const) {
      const answer = await post("/admin/leads", body, type);
      expect(answer.status, `${type}`).toBe(415);
      expect(answer.headers.get("Accept-Post")).toBe(
        "application/x-www-form-urlencoded, multipart/form-data",
      );
    }
    // Twilio's callbacks are forms, better-auth takes JSON too.
    expect((await post("/api/webhooks/twilio/voice", "{}", "application/json")).status).toBe(415);
    expect((await post("/api/auth/sign-out", "{}", "application/json")).status).toBe(200);
  });

  it("lets an empty body through without a type (a bare POST such as sign-out)", async () => {
    expect((await fetch(`${base}/auth/sign-out`, { method: "POST" })).status).toBe(200);
  });

  it("answers a malformed multipart body with 400 and a sentence", async () => {
    const answer = await post(
      "/request",
      "--xyz\r\nContent-Disposition: form-data\r\n\r\nbroken",
      "multipart/form-data; boundary=xyz",
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe(REQUEST.malformedForm);
  });

  it("answers malformed JSON to the API with 400 in better-auth's shape", async () => {
    const answer = await post("/api/auth/sign-in/email", '{"email":', "application/json");
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: "BAD_REQUEST", message: REQUEST.malformedJson });
  });

  it("refuses a NUL character in any field, name or encoding with 400", async () => {
    const cases: [string, BodyInit, string?][] = [
      ["/request", "name=a%00b&zip=60601", "application/x-www-form-urlencoded"],
      ["/request", "name=a\0b", "application/x-www-form-urlencoded"],
      ["/request", "na%00me=ab", "application/x-www-form-urlencoded"],
      ["/api/auth/sign-up/email", '{"name":"a\\u0000b"}', "application/json"],
      ["/api/auth/sign-up/email", '{"user":{"tags":["ok","\\u0000"]}}', "application/json"],
    ];
    const multipart = new FormData();
    multipart.set("name", "a\0b");
    cases.push(["/admin/leads", multipart]);
    for (const [path, body, type] of cases) {
      const answer = await post(path, body, type);
      expect(answer.status, String(body)).toBe(400);
      expect(await answer.text()).toContain(REQUEST.nulByte);
    }
  });

  it("refuses %00 in the address of any request with 400", async () => {
    for (const path of ["/admin/leads/export.csv?q=%00", "/service-areas/%00", "/?a=b%00c"]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(400);
      expect(await answer.text()).toBe(REQUEST.nulInAddress);
    }
  });
});

/*
 * With a session check (app.ts asks better-auth from the cookie): a file to an upload page is
 * refused before its body is read when the sender is not a signed-in team member.
 */
describe("guardRequests with a session check on uploads", () => {
  let port = 0;
  let close = () => {};
  let reached = 0;
  const asked: string[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(
      guardRequests({
        mayUpload: async (req) => {
          asked.push(req.path);
          return req.headers.cookie === "session=team";
        },
      }),
    );
    app.all("/{*rest}", (_req, res) => {
      reached += 1;
      res.send("reached");
    });
    ({ port, close } = await listenLocally(app));
  });
  afterAll(() => close());

  /** Sends the headers of a 10 MB upload and, slowly, only its first 64 KB. */
  function startUpload(cookie?: string) {
    const size = 10 * 1024 * 1024;
    return new Promise<{ answer: string; sent: number }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(
          [
            "POST /admin/settings/compliance HTTP/1.1",
            "Host: 127.0.0.1",
            "Content-Type: multipart/form-data; boundary=x",
            `Content-Length: ${size}`,
            ...(cookie ? [`Cookie: ${cookie}`] : []),
            "",
            "",
          ].join("\r\n"),
        );
        socket.write(Buffer.alloc(64 * 1024, 0x61));
      });
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("close", () => resolve({ answer, sent: socket.bytesWritten }));
      socket.on("error", () => resolve({ answer, sent: socket.bytesWritten }));
      setTimeout(() => socket.destroy(), 3_000).unref();
    });
  }

  it("refuses a signed-out 10 MB upload with 403 before reading it: the route is never reached", async () => {
    const { answer, sent } = await startUpload();
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toMatch(/Connection: close/i);
    expect(answer).toContain(REQUEST.uploadNeedsSignIn);
    // The answer came though the client had sent 64 KB of the 10 MB it announced.
    expect(sent).toBeLessThan(100 * 1024);
    expect(asked).toEqual(["/admin/settings/compliance"]);
    expect(reached).toBe(0);
  });

  it("lets a team member's file through, and does not ask for a plain form", async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(200 * 1024)]), "certificate.pdf");
    const base = `http://127.0.0.1:${port}`;
    const answer = await fetch(`${base}/admin/settings/compliance`, {
      method: "POST",
      body: form,
      headers: { cookie: "session=team" },
    });
    expect(answer.status).toBe(200);
    expect(reached).toBe(1);
    const small = await fetch(`${base}/admin/settings/compliance`, {
      method: "POST",
      body: new URLSearchParams({ intent: "save" }),
    });
    expect(small.status).toBe(200);
    expect(asked).toHaveLength(2);
  });
});
