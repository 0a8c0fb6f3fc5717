import { describe, expect, it } from "vitest";
import { displayName, initialsFromEmail } from "./user-display";

describe("initialsFromEmail", () => {
  it("takes two letters before the @, upper-cased", () => {
    expect(initialsFromEmail("owner@example.com")).toBe("OW");
    expect(initialsFromEmail("j.smith@example.com")).toBe("JS");
  });
  it("copes with odd addresses", () => {
    expect(initialsFromEmail("x@example.com")).toBe("X");
    expect(initialsFromEmail("@example.com")).toBe("A");
  });
});

describe("displayName", () => {
  it("prefers the name, then the email's local part, then Admin", () => {
    expect(displayName({ name: "Ana Díaz", email: "ana@example.com" })).toBe("Ana Díaz");
    expect(displayName({ name: "  ", email: "ana@example.com" })).toBe("ana");
    expect(displayName({ name: null, email: null })).toBe("Admin");
  });
});
