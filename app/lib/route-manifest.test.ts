import { describe, expect, it } from "vitest";
import { addMissingRoutes, routesUnder } from "./route-manifest";

const routes = {
  root: { id: "root" },
  "routes/admin/layout": { id: "routes/admin/layout", parentId: "root" },
  "routes/admin/leads/index": { id: "routes/admin/leads/index", parentId: "routes/admin/layout" },
  "routes/admin/settings": { id: "routes/admin/settings", parentId: "routes/admin/layout" },
  "routes/admin/settings/prices": {
    id: "routes/admin/settings/prices",
    parentId: "routes/admin/settings",
  },
  "routes/site/home": { id: "routes/site/home", parentId: "root" },
};

describe("routesUnder", () => {
  it("gives every route below the section at any depth, and nothing beside it", () => {
    expect(routesUnder(routes, "routes/admin/layout").map((route) => route.id)).toEqual([
      "routes/admin/leads/index",
      "routes/admin/settings",
      "routes/admin/settings/prices",
    ]);
  });

  it("gives the same order whatever order the manifest lists them in", () => {
    const reversed = Object.fromEntries(Object.entries(routes).reverse());
    expect(routesUnder(reversed, "routes/admin/layout")).toEqual(
      routesUnder(routes, "routes/admin/layout"),
    );
  });

  it("gives nothing for a route without children, or one it does not know", () => {
    expect(routesUnder(routes, "routes/site/home")).toEqual([]);
    expect(routesUnder(routes, "routes/nowhere")).toEqual([]);
  });

  it("does not follow a broken chain of parents forever", () => {
    const looped = {
      a: { id: "a", parentId: "b" },
      b: { id: "b", parentId: "a" },
    };
    expect(routesUnder(looped, "root")).toEqual([]);
  });
});

describe("addMissingRoutes", () => {
  it("adds what is missing and keeps what is there", () => {
    const manifest: Record<string, { id: string; parentId?: string; module?: string }> = {
      root: { id: "root", module: "/assets/root-old.js" },
    };
    addMissingRoutes(manifest, [
      { id: "root", module: "/assets/root-new.js" },
      { id: "routes/admin/layout", parentId: "root" },
    ]);
    expect(manifest).toEqual({
      root: { id: "root", module: "/assets/root-old.js" },
      "routes/admin/layout": { id: "routes/admin/layout", parentId: "root" },
    });
  });
});
