import { afterEach, describe, expect, it, vi } from "vitest";
import { readToast, toastHeaders } from "./toast.server";

/** The request a browser sends back with the cookie a response set. */
function requestWith(headers: Headers): Request {
  const cookie = headers.getSetCookie()[0]!.split(";")[0]!;
  return new Request("http://localhost/admin", { headers: { Cookie: cookie } });
}

describe("toast cookie", () => {
  it("hands the same toast to every load until the browser clears it", async () => {
    const set = await toastHeaders({ type: "success", title: "Lead added successfully" });
    expect(set.getSetCookie()[0]).toMatch(/Max-Age=15;/);
    // SITE_URL is http here: a Secure cookie would never come back.
    expect(set.getSetCookie()[0]).not.toMatch(/Secure/);
    const request = requestWith(set);
    const first = await readToast(request);
    const second = await readToast(request);
    expect(first.toast).toMatchObject({ type: "success", title: "Lead added successfully" });
    expect(second.toast).toEqual(first.toast);
    // A load cancelled by a newer one must not take the toast with it.
    expect(first.headers.getSetCookie()).toEqual([]);
  });

  it("gives each toast its own id, so the browser shows each once", async () => {
    const a = await readToast(requestWith(await toastHeaders({ type: "info", title: "Same" })));
    const b = await readToast(requestWith(await toastHeaders({ type: "info", title: "Same" })));
    expect(a.toast!.id).not.toBe(b.toast!.id);
  });

  it("clears a cookie that holds no toast", async () => {
    const request = new Request("http://localhost/admin", {
      headers: { Cookie: `lockline_toast=${btoa(JSON.stringify({ title: 1 }))}` },
    });
    const { toast, headers } = await readToast(request);
    expect(toast).toBeNull();
    expect(headers.getSetCookie()[0]).toMatch(/^lockline_toast=;.*Max-Age=0/);
  });
});

describe("toast cookie on an https site", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is Secure, so it never travels over plain http", async () => {
    vi.stubEnv("SITE_URL", "https://lockline.example");
    vi.resetModules();
    const fresh = await import("./toast.server");
    const set = await fresh.toastHeaders({ type: "success", title: "Saved" });
    expect(set.getSetCookie()[0]).toMatch(/; Secure/);
  });
});
