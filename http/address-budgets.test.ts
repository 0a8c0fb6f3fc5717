import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { REQUEST } from "~/lib/ui-text-shell";
import { addressBudgets, pathPattern, tokenRoutePaths } from "./address-budgets";
import { listenLocally } from "../tests/helpers/listen-locally";

function route(id: string, path: string | undefined, parentId?: string) {
  return { id, path, parentId, module: {} } as ServerBuild["routes"][string];
}

describe("token routes from the route table", () => {
  test("every route with a :token segment, nested or not, by its full path", () => {
    const routes = {
      root: route("root", ""),
      site: route("site", undefined, "root"),
      home: route("home", undefined, "site"),
      job: route("job", "j/:token", "root"),
      customer: route("customer", "t/:token", "site"),
      reset: route("reset", "auth/reset/:token", "root"),
      lead: route("lead", "leads/:id", "root"),
      tokens: route("tokens", "tokens", "root"),
    };
    expect(tokenRoutePaths(routes).sort()).toEqual([
      "/auth/reset/:token",
      "/j/:token",
      "/t/:token",
    ]);
  });

  test("a path pattern matches the page, its data request and nothing longer", () => {
    const pattern = pathPattern("/j/:token");
    expect(pattern.test("/j/abc")).toBe(true);
    expect(pattern.test("/j/abc/")).toBe(true);
    expect(pattern.test("/j/abc.data")).toBe(true);
    expect(pattern.test("/j/abc/more")).toBe(false);
    expect(pattern.test("/j")).toBe(false);
    expect(pathPattern("/auth").test("/auth/forgot")).toBe(false);
  });
});

describe("the per-address budgets", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    // The address a test claims, as the trust-proxy step would have decided it.
    app.use((req, res, next) => {
      res.locals.clientIp = req.get("x-test-address") ?? "";
      next();
    });
    app.use(
      addressBudgets(
        { root: route("root", ""), job: route("job", "j/:token", "root") },
        {
          token: { points: 15, duration: 60 },
          password: { points: 2, duration: 60 },
          upload: { points: 2, duration: 600 },
        },
      ),
    );
    app.all("/{*rest}", (req, res) => {
      res.status(req.path.includes("missing") ? 404 : 200).send("answered");
    });
    ({ base, close } = await listenLocally(app));
  });
  afterAll(() => close());

  const from = (address: string, path: string, method = "GET") =>
    fetch(`${base}${path}`, { method, headers: { "x-test-address": address } });

  it("refuses an address past its budget on token links, with a sentence and Retry-After", async () => {
    for (let i = 0; i < 15; i++) expect((await from("10.0.0.1", "/j/abc")).status).toBe(200);
    const refused = await from("10.0.0.1", "/j/abc.data");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toBe(REQUEST.tooManyFromAddress(wait));
    // Another address, and pages without a token, are not touched.
    expect((await from("10.0.0.2", "/j/abc")).status).toBe(200);
    expect((await from("10.0.0.1", "/about")).status).toBe(200);
  });

  it("charges a link that does not exist ten more, so probing is refused after a few", async () => {
    expect((await from("10.0.0.3", "/j/missing")).status).toBe(404);
    // 1 + 10 spent of 15: three more requests, then refused.
    for (let i = 0; i < 4; i++) expect((await from("10.0.0.3", "/j/abc")).status).toBe(200);
    await expect.poll(async () => (await from("10.0.0.3", "/j/abc")).status).toBe(429);
  });

  it("counts password POSTs from an address, and answers the API in JSON", async () => {
    expect((await from("10.0.0.4", "/api/auth/sign-in/email", "POST")).status).toBe(200);
    expect((await from("10.0.0.4", "/auth", "POST")).status).toBe(200);
    // Reading the sign-in page costs nothing.
    expect((await from("10.0.0.4", "/auth")).status).toBe(200);
    const refused = await from("10.0.0.4", "/api/auth/sign-in/email", "POST");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: REQUEST.tooManyFromAddress(Number(refused.headers.get("retry-after"))),
    });
  });

  it("counts files sent to the upload pages, and refuses the next with 429 and the sentence", async () => {
    const upload = (path: string) => {
      const form = new FormData();
      form.set("intent", "compliance");
      form.set("file", new Blob([new Uint8Array(1024)]), "certificate.pdf");
      return fetch(`${base}${path}`, {
        method: "POST",
        body: form,
        headers: { "x-test-address": "10.0.0.5" },
      });
    };
    const page = "/admin/locksmiths/0b5e6f8e-2a43-4f5c-9a3e-1c2d3e4f5a6b";
    expect((await upload(page)).status).toBe(200);
    // A plain form to the same page (a schedule, a name) is not an upload.
    const plain = await fetch(`${base}${page}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "schedule" }),
      headers: { "x-test-address": "10.0.0.5" },
    });
    expect(plain.status).toBe(200);
    expect((await upload("/admin/settings/compliance.data")).status).toBe(200);
    const refused = await upload("/admin/settings/compliance");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await refused.text()).toBe(REQUEST.tooManyFromAddress(wait));
  });
});
