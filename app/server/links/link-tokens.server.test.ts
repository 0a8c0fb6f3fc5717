import { describe, expect, it } from "vitest";
import { hashLinkToken, isLinkToken, newLinkToken } from "./link-tokens.server";

describe("link tokens", () => {
  it("are 256 random bits in URL-safe text, different each time", () => {
    const tokens = Array.from({ length: 200 }, () => newLinkToken().token);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });

  it("are stored as their SHA-256, never as themselves", () => {
    const { token, hash } = newLinkToken();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(hashLinkToken(token)).toBe(hash);
    // One character changed (a token already ending in "A" gets a "B": 1 in 64 did before).
    const other = token.endsWith("A") ? "B" : "A";
    expect(hashLinkToken(`${token.slice(0, -1)}${other}`)).not.toBe(hash);
  });

  it("tells a token from something that cannot be one", () => {
    expect(isLinkToken(newLinkToken().token)).toBe(true);
    expect(isLinkToken("abc")).toBe(false);
    expect(isLinkToken(`${newLinkToken().token}/../x`)).toBe(false);
    expect(isLinkToken("%".repeat(43))).toBe(false);
  });
});
