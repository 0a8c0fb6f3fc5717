import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fewer, larger chunks for the back office (decision 0040). Left to itself the bundler
 * makes one chunk per set of routes sharing a module: a back-office screen loaded 40-50
 * files, many under 1 kB, and gzip compresses each alone (the same React Router imports,
 * the same helpers, restated in every file): about 10 kB of every screen's first load was
 * that. Two chunks take what every screen loads anyway:
 *
 *   framework    the client entry and the root route with everything they import (React,
 *                React DOM, React Router, the root's helpers): every hydrated page runs it
 *   admin-shell  the back-office layout with what it imports, less the framework, and the
 *                modules SHARED_BY or more screens import at once (cards, inputs, dates,
 *                labels...): each was a file of its own under 1 kB, and a phone on a 150 ms
 *                line fetches six files at a time, so forty small files cost a lead page
 *                about a second before it could hydrate (decision 0078)
 *
 * A route's own modules are chunked as before. Modules an island imports, at once or with
 * import(), are left out of both, so the public pages (no React, decision 0018) load what they loaded before.
 */
const CLIENT_ROUTE = "?__react-router-build-client-route";
const ISLANDS_DIR = path.join("app", "islands", "entries");
/** lucide-react's index re-exports every icon; a route imports the few it names. */
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/;
/**
 * A module that many back-office screens import at once goes in the shell. Five: what every
 * list or form uses (a screen then loads about 2 kB it does not run), not what a section's
 * few screens share (those stay in chunks of their own).
 */
const SHARED_BY = 5;
/** Characters of a module's code (before minifying) below which it is "small". */
const SMALL_MODULE = 4000;
const ROUTES_DIR = path.join("app", "routes");

export interface Graph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    code: string | null;
  } | null;
}

/**
 * What joins the shell besides the layout's own modules: a module SHARED_BY or more of the
 * back office's screens (`admin`, route module ids) import at once, small, with everything it
 * imports small too and imported by no screen outside the back office (`other`: the sign-in,
 * job and customer pages keep the chunks they had), or already in the framework or shell (a
 * module brings what it imports into its chunk).
 */
export function sharedSmallModules(
  graph: Graph,
  screens: { admin: string[]; other: string[] },
  inChunks: Set<string>,
): Set<string> {
  const counts = new Map<string, number>();
  for (const route of screens.admin) {
    for (const id of closure(graph, [route])) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const outside = closure(graph, screens.other);
  const small = (id: string) => (graph.getModuleInfo(id)?.code?.length ?? 0) <= SMALL_MODULE;
  const shared = new Set<string>();
  for (const [id, importers] of counts) {
    if (importers >= SHARED_BY && !screens.admin.includes(id) && !outside.has(id) && small(id)) {
      shared.add(id);
    }
  }
  const joining = new Set<string>();
  for (const id of shared) {
    const brings = closure(graph, [id]);
    if ([...brings].every((next) => inChunks.has(next) || shared.has(next))) {
      for (const next of brings) if (!inChunks.has(next)) joining.add(next);
    }
  }
  return joining;
}

/** Every route module's id (a file that is no route is not in the graph), by section. */
function screenIds(graph: Graph, root: string): { admin: string[]; other: string[] } {
  const routes = path.join(root, ROUTES_DIR);
  const files = fs
    .readdirSync(routes, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|server)\.tsx?$/.test(file));
  const ids = (section: string[]) =>
    section
      .map((file) => path.join(routes, file) + CLIENT_ROUTE)
      .filter((id) => graph.getModuleInfo(id));
  const admin = (file: string) => file.startsWith(`admin${path.sep}`);
  return {
    admin: ids(files.filter(admin)),
    other: ids(files.filter((file) => !admin(file))),
  };
}

/**
 * The modules `starts` import statically, directly or not, themselves included; with
 * `lazy`, what they import() too.
 */
function closure(graph: Graph, starts: string[], lazy = false): Set<string> {
  const seen = new Set(starts);
  for (const id of seen) {
    if (ICON_INDEX.test(id)) continue;
    const info = graph.getModuleInfo(id);
    for (const next of info?.importedIds ?? []) seen.add(next);
    if (lazy) for (const next of info?.dynamicallyImportedIds ?? []) seen.add(next);
  }
  return seen;
}

export function adminChunks(): Plugin {
  let root = process.cwd();
  return {
    name: "lockline:admin-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    outputOptions(options) {
      const app = (file: string) => path.join(root, "app", file);
      let groups: { framework: Set<string>; shell: Set<string> } | undefined;
      const groupOf = (graph: Graph) => {
        if (groups) return groups;
        // What an island loads, at once or later (the home search's list of areas).
        const islands = closure(
          graph,
          fs
            .readdirSync(path.join(root, ISLANDS_DIR))
            .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
            .map((file) => path.join(root, ISLANDS_DIR, file)),
          true,
        );
        const framework = closure(graph, [app("entry.client.tsx"), app("root.tsx") + CLIENT_ROUTE]);
        const shell = closure(graph, [app("routes/admin/layout.tsx") + CLIENT_ROUTE]);
        for (const id of sharedSmallModules(
          graph,
          screenIds(graph, root),
          new Set([...framework, ...shell]),
        )) {
          shell.add(id);
        }
        for (const id of framework) shell.delete(id);
        for (const id of islands) {
          framework.delete(id);
          shell.delete(id);
        }
        groups = { framework, shell };
        return groups;
      };
      return {
        ...options,
        codeSplitting: {
          groups: [
            // Vite's lazy-import helper, which every module with an import() imports,
            // islands too: a chunk of its own, or it would follow its first importer.
            { name: "preload-helper", test: /^\0vite[\\/]preload-helper/, priority: 3 },
            {
              name: (id, graph) => (groupOf(graph).framework.has(id) ? "framework" : null),
              priority: 2,
            },
            {
              name: (id, graph) => (groupOf(graph).shell.has(id) ? "admin-shell" : null),
              priority: 1,
            },
          ],
        },
      };
    },
  };
}
