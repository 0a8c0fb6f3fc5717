import { describe, expect, it } from "vitest";
import { sidebarCookie, sidebarOpenFromCookie } from "./sidebar-state";

describe("sidebar state cookie", () => {
  it("is open by default and reads the saved state", () => {
    expect(sidebarOpenFromCookie(null)).toBe(true);
    expect(sidebarOpenFromCookie("a=1; sidebar_state=false")).toBe(false);
    expect(sidebarOpenFromCookie("sidebar_state=true")).toBe(true);
    expect(sidebarOpenFromCookie("xsidebar_state=false")).toBe(true);
  });

  it("lasts 7 days", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");
  });
});
