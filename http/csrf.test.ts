import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOriginWrites } from "./csrf";
import { listenLocally } from "../tests/helpers/listen-locally";

describe("sameOriginWrites", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(sameOriginWrites("https://lockline.example"));
    app.all("/{*rest}", (_req, res) => {
      res.send("done");
    });
    ({ base, close } = await listenLocally(app));
  });
  afterAll(() => close());

  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, { method: "POST", headers });

  it("lets reads through from anywhere", async () => {
    expect(
      (await fetch(`${base}/admin`, { headers: { origin: "https://evil.example" } })).status,
    ).toBe(200);
  });

  it("accepts writes from the site's origin or the host they were sent to", async () => {
    expect((await post("/auth", { origin: "https://lockline.example" })).status).toBe(200);
    expect((await post("/auth", { origin: base })).status).toBe(200);
    expect((await post("/auth", { referer: `${base}/auth` })).status).toBe(200);
  });

  it("refuses writes from another site, an opaque origin or none", async () => {
    expect((await post("/auth", { origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/auth", { origin: "null" })).status).toBe(403);
    expect((await post("/auth", {})).status).toBe(403);
    expect((await post("/auth", { referer: "https://evil.example/page" })).status).toBe(403);
  });

  it("leaves signed webhooks to their own check", async () => {
    expect((await post("/api/webhooks/twilio/voice", {})).status).toBe(200);
  });
});
