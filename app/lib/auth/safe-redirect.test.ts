import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps admin paths with their query", () => {
    expect(safeRedirect("/admin/leads?status=new&page=2")).toBe("/admin/leads?status=new&page=2");
    expect(safeRedirect("/admin")).toBe("/admin");
  });

  it.each([
    ["https://evil.example/admin"],
    ["//evil.example/admin"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["/admin\u0000//evil"],
    ["/auth"],
    ["/administrator"],
    ["/"],
    [""],
    [undefined],
    [42],
  ])("refuses %j", (target) => {
    expect(safeRedirect(target)).toBe("/admin");
  });

  it("normalises dot segments before checking", () => {
    expect(safeRedirect("/admin/../auth")).toBe("/admin");
  });
});
