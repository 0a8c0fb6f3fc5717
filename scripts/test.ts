/**
 * `npm test`: the linters (Prettier, eslint, dependency-cruiser, knip) beside the type check
 * and the production build, then Vitest (unit and integration tests on PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set; the HTTP tests against the build), then the
 * browser tests. Each step prints its seconds; the first failure fails the run.
 */
import { spawn } from "node:child_process";

interface Step {
  label: string;
  command: string;
  args: string[];
}

/** Runs a step, its output passed through as it comes; resolves with its exit code. */
function runStep({ label, command, args }: Step, buffered: boolean): Promise<number> {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const child = spawn(command, args, {
    stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    env: process.env,
  });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      // Two steps side by side would interleave their lines: each one's output comes whole.
      if (buffered) process.stdout.write(Buffer.concat(output));
      console.log(`=== ${label}: ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/**
 * Runs the steps of each chain in order, the chains side by side; stops after a failure.
 * The first chain's output comes as it happens; the others' each come whole when their
 * step ends, so lines never interleave.
 */
async function together(...chains: Step[][]): Promise<void> {
  const codes = await Promise.all(
    chains.map(async (chain, index) => {
      for (const step of chain) {
        const code = await runStep(step, index > 0);
        if (code !== 0) return code;
      }
      return 0;
    }),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}

// knip and the type check resolve the route modules' generated `+types` imports.
await together([{ label: "route types", command: "npx", args: ["react-router", "typegen"] }]);
// Two cores: the linters on one, the type check and the build on the other.
await together(
  [{ label: "lint", command: "npm", args: ["run", "lint"] }],
  [
    { label: "typecheck", command: "npx", args: ["tsc", "--noEmit"] },
    // The HTTP tests (tests/http) and the browser tests serve the build.
    { label: "build", command: "npm", args: ["run", "build"] },
  ],
);
// One after the other: side by side they took longer in all (23.0 min against 21.5 on two
// cores, 2026-11-29): the browser tests' servers and Chromium keep both cores busier than
// their waits suggest.
await together([
  { label: "unit, integration and HTTP tests", command: "npx", args: ["vitest", "run"] },
]);
await together([{ label: "browser tests", command: "npx", args: ["playwright", "test"] }]);
