import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { SUCCESS } from "../../app/lib/ui-text";
import { E2E_OWNER } from "../../playwright.config";
import { describe, expect, test } from "./support/http-test";

/*
 * A dialog opened at its address (`?open=…`, decision 0058) and sent by the browser itself:
 * without JavaScript, or before the page's script has loaded on a slow phone. The browser
 * shows what the action answers, so a saved form must not come back as the same dialog,
 * open and empty, with no word that anything was saved.
 */

/** A phone number no other test uses: a phone with an open lead opens that lead instead. */
function uniquePhone(): string {
  return `(708) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
}

/** The owner, signed in in a client of its own (the file's shared client stays signed out). */
async function signedInOwner(origin: string): Promise<APIRequestContext> {
  const member = await playwrightRequest.newContext({ baseURL: origin });
  const signIn = await member.post("/auth", {
    form: { intent: "sign-in", email: E2E_OWNER.email, password: E2E_OWNER.password },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  return member;
}

function addLead(
  member: APIRequestContext,
  origin: string,
  form: Record<string, string>,
  sentBy: "browser" | "script",
) {
  return member.post("/admin/leads?open=add-lead", {
    form: { intent: "create", serviceType: "rekeying", zip: "60406", ...form },
    // What a browser says of a form it sends itself; a script's fetch is not a navigation.
    headers: { origin, ...(sentBy === "browser" ? { "sec-fetch-mode": "navigate" } : {}) },
    maxRedirects: 0,
  });
}

describe("a dialog's form sent without JavaScript", () => {
  test("once saved, the page goes back to the list with the dialog closed and says so", async ({
    baseURL,
  }) => {
    const member = await signedInOwner(baseURL);
    try {
      const dialog = await (await member.get("/admin/leads?open=add-lead")).text();
      // The dialog's form is sent to its own address: the answer decides what the page shows.
      expect(dialog).toMatch(/<form[^>]*id="lead-new"[^>]*action="\/admin\/leads\?open=add-lead"/);

      const name = `No Script ${Date.now().toString(36)}`;
      const saved = await addLead(member, baseURL, { name, phone: uniquePhone() }, "browser");
      expect(saved.status()).toBe(302);
      expect(saved.headers()["location"]).toBe("/admin/leads");

      const list = await (await member.get("/admin/leads")).text();
      expect(list).toContain(name);
      expect(list).not.toContain('id="lead-new"');
      // The toast's words, where a browser without script shows them.
      expect(list).toMatch(new RegExp(`<noscript>[^]*${SUCCESS.leadAdded}[^]*</noscript>`));
    } finally {
      await member.dispose();
    }
  });

  test("a refused form comes back open with what was typed and why", async ({ baseURL }) => {
    const member = await signedInOwner(baseURL);
    try {
      const phone = uniquePhone();
      const refused = await addLead(member, baseURL, { name: "", phone }, "browser");
      expect(refused.status()).toBe(400);
      const page = await refused.text();
      expect(page).toContain('id="lead-new"');
      expect(page).toContain(`value="${phone}"`);
    } finally {
      await member.dispose();
    }
  });

  test("sent by the page's script, the answer stays the action's data", async ({ baseURL }) => {
    const member = await signedInOwner(baseURL);
    try {
      const name = `Scripted ${Date.now().toString(36)}`;
      const saved = await addLead(member, baseURL, { name, phone: uniquePhone() }, "script");
      // No redirect: the dialog goes on to "dispatch a locksmith from here" with the new lead.
      expect(saved.status()).toBe(200);
    } finally {
      await member.dispose();
    }
  });
});
