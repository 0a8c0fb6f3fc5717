/**
 * `npm test`: the linters (Prettier, eslint, dependency-cruiser, knip), the type check, a
 * production build, Vitest (unit and integration tests on PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set; the HTTP tests against the build), then the browser tests.
 */
import { spawnSync } from "node:child_process";

function run(label: string, command: string, args: string[]) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  const seconds = Math.round((performance.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(`\n${label} failed (${seconds} s).`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${label}: ${seconds} s`);
}

// knip resolves the route modules' generated `+types` imports: generate them first.
run("route types", "npx", ["react-router", "typegen"]);
run("lint", "npm", ["run", "lint"]);
run("typecheck", "npm", ["run", "typecheck"]);
// The HTTP tests (tests/http) serve the build.
run("build", "npm", ["run", "build"]);
run("unit, integration and HTTP tests", "npx", ["vitest", "run"]);
run("browser tests", "npx", ["playwright", "test"]);
