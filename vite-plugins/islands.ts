import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Public pages hydrate no React (docs/decisions/0018-public-pages-as-fixed-bytes.md): what
 * needs the browser is an island, a plain TypeScript module in app/islands/entries/. This
 * plugin makes each one an entry of the client build, and gives the server the built
 * files through `virtual:lockline/islands`:
 *
 *   { "<name>": { src: "/assets/island-<name>-<hash>.js", imports: ["/assets/<chunk>.js"] } }
 *
 * `imports` are the shared chunks the entry imports, for <link rel="modulepreload">. React
 * Router builds the client first and keeps Vite's manifest until the server is built, so
 * the server build reads the file names from there. In development Vite serves the sources.
 */
const VIRTUAL_ID = "virtual:lockline/islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ENTRIES_DIR = "app/islands/entries";
const CLIENT_MANIFEST = "build/client/.vite/manifest.json";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export function islands(): Plugin {
  let root = process.cwd();
  let base = "/";
  let serving = false;
  const entries = () =>
    fs
      .readdirSync(path.join(root, ENTRIES_DIR))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => ({ name: file.replace(/\.ts$/, ""), source: `${ENTRIES_DIR}/${file}` }));

  return {
    name: "lockline:islands",
    configResolved(config) {
      root = config.root;
      base = config.base;
      serving = config.command === "serve";
    },
    buildStart() {
      if (serving || this.environment.name !== "client") return;
      for (const entry of entries()) {
        this.emitFile({
          type: "chunk",
          id: path.join(root, entry.source),
          name: `island-${entry.name}`,
        });
      }
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return;
      const scripts: Record<string, { src: string; imports: string[] }> = {};
      if (serving) {
        for (const entry of entries())
          scripts[entry.name] = { src: `/${entry.source}`, imports: [] };
      } else if (this.environment.name === "client") {
        // Only the server renders script tags for islands; nothing in the browser asks.
        this.error(`${VIRTUAL_ID} is for the server; the browser bundle must not import it.`);
      } else {
        const manifestPath = path.join(root, CLIENT_MANIFEST);
        if (!fs.existsSync(manifestPath)) {
          this.error(`${CLIENT_MANIFEST} is missing: the client must be built before the server.`);
        }
        const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<
          string,
          ManifestChunk
        >;
        const url = (file: string) => `${base}${file}`;
        for (const entry of entries()) {
          const chunk = manifest[entry.source];
          if (!chunk?.isEntry) this.error(`The client build has no island entry ${entry.source}.`);
          scripts[entry.name] = {
            src: url(chunk.file),
            imports: importsOf(manifest, entry.source).map((key) => url(manifest[key]!.file)),
          };
        }
      }
      return `export const islandScripts = ${JSON.stringify(scripts)};`;
    },
  };
}

/** Every chunk an entry imports statically, directly or through another chunk. */
function importsOf(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const found = new Set<string>();
  const visit = (from: string) => {
    for (const imported of manifest[from]?.imports ?? []) {
      if (found.has(imported)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(key);
  return [...found];
}
