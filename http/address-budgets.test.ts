import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { pathPattern, tokenRoutePaths } from "./address-budgets";

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
