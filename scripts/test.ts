/**
 * `npm test`: unit and integration tests (Vitest: on PGlite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set), a production build, then the browser tests in Chromium.
 */
import { spawnSync } from "node:child_process";

function run(label: string, command: string, args: string[]) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

run("typecheck", "npm", ["run", "typecheck"]);
run("unit and integration tests", "npx", ["vitest", "run"]);
run("build", "npm", ["run", "build"]);
run("browser tests", "npx", ["playwright", "test"]);
