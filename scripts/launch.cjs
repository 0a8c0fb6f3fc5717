/**
 * `npm start`, `npm run user`, `npm run backup`, `npm run reseal`: runs a built entry (build/server/<name>.js)
 * with plain Node, so a deployed tree needs its runtime dependencies only
 * (`npm ci --omit=dev`). On a checkout with the build tools installed it first builds when
 * the build is missing or older than the sources (the quick start); without them it serves
 * the build it has, and says so when it has none.
 *
 * Plain JavaScript (CommonJS): it runs before anything is built, with no TypeScript loader.
 */
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

const root = path.resolve(__dirname, "..");
const ENTRIES = { server: "main.js", user: "user.js", backup: "backup.js", reseal: "reseal.js" };
/** What the build is made from: newer than the build means it is stale. */
const SOURCES = [
  "app",
  "http",
  "scripts/user.ts",
  "scripts/backup.ts",
  "scripts/reseal.ts",
  "public",
  "vite.config.ts",
  "vite.server.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];
const BUILT = ["build/server/index.js", "build/server/main.js", "build/client"];

/**
 * What to do about the build: "run" it as it is, "build" first, "stale" (run it, with a
 * warning: the sources changed but nothing here can build), or "missing" (nothing to run).
 */
function buildDecision({ builtAt, changedAt, canBuild }) {
  if (builtAt > 0 && builtAt >= changedAt) return "run";
  if (canBuild) return "build";
  return builtAt > 0 ? "stale" : "missing";
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function builtAt() {
  const times = BUILT.map((file) => path.join(root, file)).map((file) =>
    fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0,
  );
  return Math.min(...times);
}

function ensureBuild() {
  const decision = buildDecision({
    builtAt: builtAt(),
    changedAt: Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source)))),
    canBuild: fs.existsSync(path.join(root, "node_modules/@react-router/dev")),
  });
  if (decision === "build") {
    console.log("[lockline] building (the sources changed since the last build)...");
    const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else if (decision === "stale") {
    console.warn(
      "[lockline] warning: the sources changed after this build and the build tools are not installed; running the build as it is.",
    );
  } else if (decision === "missing") {
    console.error(
      "[lockline] there is no build to run. Run `npm ci && npm run build` first (the build needs the development dependencies; `npm ci --omit=dev` afterwards keeps the build).",
    );
    process.exit(1);
  }
}

function main() {
  const [name = "server"] = process.argv.splice(2, 1);
  const entry = ENTRIES[name];
  if (!entry) {
    console.error(`Usage: node scripts/launch.cjs <${Object.keys(ENTRIES).join("|")}> [...]`);
    process.exit(1);
  }
  if (name === "server" && !process.env.NODE_ENV) {
    // The quick start (`npm ci && npm start`): the embedded database with demo data.
    if (!process.env.DATABASE_URL) process.env.DEMO_DATA ??= "on";
    process.env.NODE_ENV = "production";
  }
  ensureBuild();
  process.chdir(root);
  import(pathToFileURL(path.join(root, "build/server", entry)).href).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

if (require.main === module) main();

module.exports = { buildDecision, newestMtime };
