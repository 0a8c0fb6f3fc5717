import { describe, expect, test } from "vitest";
import { closedDialogHref, isDialogAddress, withSearch } from "./dialog-address";

describe("a dialog's address", () => {
  test("closing keeps the page and its filters, and drops the dialog and its record", () => {
    expect(closedDialogHref("/admin/leads", "?status=new&open=dispatch&id=42&page=2")).toBe(
      "/admin/leads?status=new&page=2",
    );
    expect(closedDialogHref("/admin/leads", "?open=add-lead")).toBe("/admin/leads");
  });

  test("closing drops React Router's index marker of a form sent to an index route", () => {
    expect(closedDialogHref("/admin/leads", "?index&open=add-lead&q=smith")).toBe(
      "/admin/leads?q=smith",
    );
  });

  test("a page is a dialog's address only when it names one", () => {
    expect(isDialogAddress(new URL("http://x/admin/leads?open=add-lead"))).toBe(true);
    expect(isDialogAddress(new URL("http://x/admin/leads?q=open"))).toBe(false);
  });

  test("withSearch applies a change to the search and leaves no bare question mark", () => {
    expect(withSearch("/a", "?x=1", (params) => params.set("y", "2"))).toBe("/a?x=1&y=2");
    expect(withSearch("/a", "?x=1", (params) => params.delete("x"))).toBe("/a");
  });
});
