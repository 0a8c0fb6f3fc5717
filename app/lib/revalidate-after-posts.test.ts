import { describe, expect, it } from "vitest";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { revalidateAfterPosts } from "./revalidate-after-posts";

const args = (formMethod: string | undefined, defaultShouldRevalidate: boolean) =>
  ({ formMethod, defaultShouldRevalidate }) as ShouldRevalidateFunctionArgs;

describe("revalidateAfterPosts", () => {
  it("reads the page again after any submission, even one React Router would skip (a 409)", () => {
    expect(revalidateAfterPosts(args("POST", false))).toBe(true);
    expect(revalidateAfterPosts(args("post", false))).toBe(true);
  });
  it("leaves links and GET forms to React Router", () => {
    expect(revalidateAfterPosts(args(undefined, false))).toBe(false);
    expect(revalidateAfterPosts(args("GET", false))).toBe(false);
    expect(revalidateAfterPosts(args(undefined, true))).toBe(true);
  });
});
