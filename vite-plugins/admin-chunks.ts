import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fewer, larger chunks for the back office (decision 0040). Left to itself the bundler
 * makes one chunk per set of routes sharing a module: a back-office screen loaded 40-50
 * files, many under 1 kB, and gzip compresses each alone (the same React Router imports,
 * the same helpers, restated in every file): about 10 kB of every screen's first load was
 * that. Three chunks take what every screen loads anyway:
 *
 *   framework    the client entry and the root route with everything they import (React,
 *                React DOM, React Router, the root's helpers): every hydrated page runs it
 *   admin-shell  the back-office layout with what it imports, less the framework and the
 *                shell's share, and the modules SHARED_BY or more screens import at once
 *                (cards, inputs, dates, labels...): each was a file of its own under 1 kB,
 *                and a phone on a 150 ms line fetches six files at a time, so forty small
 *                files cost a lead page about a second before it could hydrate (decision 0078)
 *   shell-share  what the layout imports that a screen outside the back office imports too
 *                (toasts, alerts, the UI text, cva): in the shell, they made the locksmith's
 *                job page, the customer's page and the sign-in pages load all of it, 16 kB
 *                of the back office's code (decision 0082)
 *
 * A route's own modules are chunked as before. Modules an island imports, at once or with
 * import(), are left out of all three, so the public pages (no React, decision 0018) load
 * what they loaded before.
 */
const CLIENT_ROUTE = "?__react-router-build-client-route";
const ISLANDS_DIR = path.join("app", "islands", "entries");
/** lucide-react's index re-exports every icon; a route imports the few it names. */
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/;
/** lucide-react's own modules, and an icon's module with its name in kebab case. */
const LUCIDE = /lucide-react[\\/]dist[\\/]esm[\\/]/;
const ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;
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

/**
 * The icons `ids` import from lucide-react, by their modules' names ("MessageSquare" is
 * icons/message-square.mjs). The closure stops at lucide's index, which names every icon;
 * an alias (AlertCircle for CircleAlert) is not matched and keeps the chunk it had.
 */
export function iconsImportedBy(graph: Graph, ids: Iterable<string>): Set<string> {
  const icons = new Set<string>();
  for (const id of ids) {
    const code = graph.getModuleInfo(id)?.code ?? "";
    for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const name of names!.split(",")) {
        const icon = name.trim().split(/\s+as\s+/)[0]!;
        if (icon) icons.add(icon.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase());
      }
    }
  }
  return icons;
}

/**
 * In the shell's share: lucide's own code, which every icon imports, and the icons a screen
 * outside the back office names (the rest follow the modules that import them).
 */
function inShareAsIcon(id: string, outsideIcons: Set<string>): boolean {
  if (!LUCIDE.test(id)) return false;
  const icon = ICON.exec(id)?.[1];
  return icon === undefined || outsideIcons.has(icon);
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
      let groups:
        | { framework: Set<string>; shell: Set<string>; share: Set<string>; icons: Set<string> }
        | undefined;
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
        const screens = screenIds(graph, root);
        for (const id of sharedSmallModules(graph, screens, new Set([...framework, ...shell]))) {
          shell.add(id);
        }
        for (const id of framework) shell.delete(id);
        // A chunk is captured with what its modules import (rolldown's default), so the
        // share needs a group of its own to stay out of the shell.
        const outside = closure(graph, screens.other);
        const share = new Set([...shell].filter((id) => outside.has(id)));
        for (const id of share) shell.delete(id);
        for (const id of islands) {
          framework.delete(id);
          shell.delete(id);
          share.delete(id);
        }
        groups = { framework, shell, share, icons: iconsImportedBy(graph, outside) };
        return groups;
      };
      return {
        ...options,
        codeSplitting: {
          groups: [
            // Vite's lazy-import helper, which every module with an import() imports,
            // islands too: a chunk of its own, or it would follow its first importer.
            { name: "preload-helper", test: /^\0vite[\\/]preload-helper/, priority: 4 },
            {
              name: (id, graph) => (groupOf(graph).framework.has(id) ? "framework" : null),
              priority: 3,
            },
            {
              name: (id, graph) => {
                const { share, icons } = groupOf(graph);
                return share.has(id) || inShareAsIcon(id, icons) ? "shell-share" : null;
              },
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
