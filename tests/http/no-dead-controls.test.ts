import { Window } from "happy-dom";
import { serviceAreas } from "../../app/content/service-areas";
import { services } from "../../app/content/services";
import { cityPath } from "../../app/lib/site/area-paths";
import { E2E_OWNER } from "../../playwright.config";
import { describe, expect, test } from "./support/http-test";
import { routeTable } from "./support/route-table";

/*
 * No dead taps, checked on the server's HTML (issue 48, decision 0058): before a page has
 * hydrated, a button that only script can make work — type="button", or a submit button
 * with no form — does nothing when tapped. Each such button must come from the server
 * hidden or disabled (script shows or enables it), and every control that opens something
 * is a link or a form. Every page of the route table is read, signed out and as an owner;
 * pages behind a customer's or locksmith's token are walked by tests/e2e/dead-taps.spec.ts.
 */

const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true },
});

/** The buttons of a page a tap before hydration would find dead, described for the report. */
function deadButtons(html: string): string[] {
  const document = new window.DOMParser().parseFromString(html, "text/html");
  return [...document.querySelectorAll("button")]
    .filter((button) => {
      const type = (button.getAttribute("type") ?? "submit").toLowerCase();
      const inForm = Boolean(button.closest("form") ?? button.getAttribute("form"));
      const scriptOnly = type === "button" || !inForm;
      const untappable = button.hasAttribute("disabled") || Boolean(button.closest("[hidden]"));
      return scriptOnly && !untappable;
    })
    .map((button) => `"${button.textContent.replace(/\s+/g, " ").trim()}"`);
}

/** Page routes with their parameters filled from the content, or from links on `lists`. */
function pagePaths(prefix: "/admin" | "public", ids: Record<string, string>): string[] {
  return routeTable
    .filter((route) => route.isPage && !route.path.includes("*") && !route.path.includes(":token"))
    .filter((route) => (prefix === "/admin") === route.path.startsWith("/admin"))
    .map((route) =>
      route.path
        .replace(":service", services[0]!.slug)
        .replace(":citySlug", cityPath(serviceAreas[0]!.slug).split("/").pop()!)
        .replace(/:(id|locksmithId)\b/, (param) => ids[route.path.split("/")[2]!] ?? param),
    )
    .filter((path) => !path.includes(":"));
}

describe("no control is dead before hydration", () => {
  test("signed out: every public and sign-in page", async ({ request }) => {
    const found: string[] = [];
    for (const path of pagePaths("public", {})) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBeLessThan(500);
      for (const button of deadButtons(await answer.text())) found.push(`${path}: ${button}`);
    }
    expect(found).toEqual([]);
  });

  test("as an owner: every back-office screen, a lead, a locksmith and a statement", async ({
    request,
    baseURL,
  }) => {
    const signIn = await request.post("/auth", {
      form: { intent: "sign-in", email: E2E_OWNER.email, password: E2E_OWNER.password },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    // One of each detail page, from the links its list shows.
    const ids: Record<string, string> = {};
    for (const list of ["leads", "locksmiths", "payouts"]) {
      const html = await (await request.get(`/admin/${list}`)).text();
      const id = html.match(new RegExp(`/admin/${list}/([0-9a-f-]{36})`))?.[1];
      if (id) ids[list] = id;
    }
    expect(Object.keys(ids).sort()).toEqual(["leads", "locksmiths", "payouts"]);

    const found: string[] = [];
    const paths = pagePaths("/admin", ids);
    for (const path of paths) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      for (const button of deadButtons(await answer.text())) found.push(`${path}: ${button}`);
    }
    expect(paths.length).toBeGreaterThan(20);
    expect(found).toEqual([]);

    // Opened at its address, a dialog is part of the document, shown where it stands: not
    // sent after the page, hidden, for a script to move (a lead page is 150 kB).
    const opened = await request.get(`/admin/leads/${ids.leads}?open=dispatch`);
    const document = new window.DOMParser().parseFromString(await opened.text(), "text/html");
    const select = document.querySelector('select[name="locksmithId"]');
    expect(select, "the Dispatch dialog's locksmith list").not.toBeNull();
    expect(select!.closest("[hidden]")).toBeNull();
  });
});
