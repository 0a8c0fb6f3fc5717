import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Against the build (`npm run build`, which `npm test` runs first): the back office's shell
 * is for the back office. A screen outside it (the locksmith's job page, the customer's page,
 * the sign-in pages) that loaded the shell downloaded 9-10 kB of code it never runs (decision
 * 0082).
 */
const ASSETS = path.join("build", "client", "assets");
const isShell = (file: string) => path.basename(file).startsWith("admin-shell-");

interface RouteEntry {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}

function readManifest(): {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
} {
  const file = fs.readdirSync(ASSETS).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No build in ${ASSETS}: run npm run build first`);
  const source = fs.readFileSync(path.join(ASSETS, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

describe("the build's chunks", () => {
  it("no screen outside the back office loads the back office's shell", () => {
    const { entry, routes } = readManifest();
    const loading: string[] = [];
    for (const route of Object.values(routes)) {
      if (route.id.startsWith("routes/admin/")) continue;
      const files = [entry.module, ...entry.imports];
      for (let at: RouteEntry | undefined = route; at; at = routes[at.parentId ?? ""]) {
        files.push(at.module, ...(at.imports ?? []));
      }
      if (files.some(isShell)) {
        loading.push(route.id);
      }
    }
    // The check reads what it means to: the back office's screens do load the shell.
    expect(routes["routes/admin/layout"]?.imports?.some(isShell)).toBe(true);
    expect(loading).toEqual([]);
  });
});
