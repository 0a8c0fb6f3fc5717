import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { findResetLink } from "~/server/auth/password-reset.server";
import { findUserByEmail, passwordMatches } from "~/server/auth/users.server";

/*
 * `npm run user` as an operator runs it (a child process on an embedded database): it
 * prints a one-time link rather than making up a password, and a chosen --password follows
 * the same rules as every other way of setting one.
 */

const run = promisify(execFile);
let dir: string;

function user(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "scripts/user.ts", ...args], {
    env: { ...process.env, DATA_DIR: path.join(dir, "data"), SITE_URL: "https://lockline.example" },
  });
}

async function withDatabase<T>(
  check: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
) {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "data") });
  try {
    return await check(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "lockline-cli-"));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

it(
  "create-owner without --password prints a one-time link to choose it",
  { timeout: 60_000 },
  async () => {
    const { stdout } = await user(
      "create-owner",
      "--email",
      "cli@example.com",
      "--name",
      "Cli Owner",
    );
    expect(stdout).toContain("Created owner cli@example.com.");
    const token = stdout.match(
      /https:\/\/lockline\.example\/auth\/reset\/([A-Za-z0-9_-]{43})/,
    )?.[1];
    expect(token, stdout).toBeTruthy();
    expect(stdout).not.toMatch(/Password/);
    await withDatabase(async (db) => {
      expect(await findResetLink(db, token!)).toMatchObject({ email: "cli@example.com" });
    });
  },
);

it(
  "reset-password --password refuses what the forms refuse, and sets a good one",
  { timeout: 60_000 },
  async () => {
    await expect(
      user("reset-password", "--email", "cli@example.com", "--password", "Password1"),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("This password is too common. Choose another."),
    });
    const { stdout } = await user(
      "reset-password",
      "--email",
      "cli@example.com",
      "--password",
      "Copper-Owl-73",
    );
    expect(stdout).toContain("New password set for cli@example.com; their sessions have ended.");
    await withDatabase(async (db) => {
      const account = await findUserByEmail(db, "cli@example.com");
      expect(await passwordMatches(db, account!.id, "Copper-Owl-73")).toBe(true);
    });
  },
);
