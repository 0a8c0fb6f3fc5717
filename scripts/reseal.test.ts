import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { w9Schema } from "~/lib/schemas/tax";
import { openDatabase } from "~/server/db/database.server";
import { connectLsa } from "~/server/lead-inbox/lsa-connection.server";
import { RESEAL_TEXT } from "~/server/tax/reseal.server";
import { tinCipher } from "~/server/tax/tin-cipher.server";
import { readW9, saveW9 } from "~/server/tax/w9.server";
import { TEST_ACTOR } from "../tests/helpers/actor";
import { locksmithsFor, testZip } from "../tests/helpers/night-watch";

/*
 * `npm run reseal` as an operator runs it (a child process on an embedded database, decision
 * 0074): with the new key and the old one it seals everything again and says the old key can
 * go; with the new key alone it finds nothing left; with a key that opens nothing it names
 * what it left and exits 1. It never prints a number or a token.
 */

const run = promisify(execFile);
const key = () => randomBytes(32).toString("base64");
const [OLD, NEW, STRANGER] = [key(), key(), key()];
const TIN = "287654321";
const REFRESH = "1//cli-refresh-token";
let dir: string;

function reseal(env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", "scripts/reseal.ts"], {
    env: {
      ...process.env,
      DATA_DIR: path.join(dir, "data"),
      SITE_URL: "https://lockline.example",
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout + error.stderr,
    }),
  );
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "lockline-reseal-"));
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "data") });
  try {
    await database.migrate();
    const [smith] = await locksmithsFor(database.db, testZip(), ["Cli Smith"]);
    const w9 = w9Schema.parse({ intent: "w9", legalName: "Cli Smith", tinType: "ssn", tin: TIN });
    await saveW9(database.db, tinCipher(OLD), smith!.id, w9, TEST_ACTOR);
    await connectLsa(
      database.db,
      { customerId: "1234567890", refreshToken: REFRESH },
      TEST_ACTOR,
      tinCipher(OLD),
    );
    expect(await readW9(database.db, smith!.id)).toMatchObject({ tinLast4: "4321" });
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

it(
  "seals everything again under the new key, then finds nothing left under the old one",
  { timeout: 90_000 },
  async () => {
    const rotated = await reseal({ TIN_ENCRYPTION_KEY: NEW, TIN_ENCRYPTION_KEY_PREVIOUS: OLD });
    expect(rotated.out).toContain("Sealed again under the current key: 2; already under it: 0.");
    expect(rotated.out).toContain("TIN_ENCRYPTION_KEY_PREVIOUS can be removed");
    expect(rotated.code).toBe(0);
    const again = await reseal({ TIN_ENCRYPTION_KEY: NEW });
    expect(again.out).toContain("Sealed again under the current key: 0; already under it: 2.");
    expect(again.code).toBe(0);
    for (const out of [rotated.out, again.out]) {
      expect(out).not.toContain(TIN);
      expect(out).not.toContain(REFRESH);
    }
  },
);

it("names what no key opens, leaves it, and exits 1", { timeout: 60_000 }, async () => {
  const lost = await reseal({ TIN_ENCRYPTION_KEY: STRANGER, TIN_ENCRYPTION_KEY_PREVIOUS: OLD });
  expect(lost.code).toBe(1);
  expect(lost.out).toContain(RESEAL_TEXT.locksmith("Cli Smith"));
  expect(lost.out).toContain(RESEAL_TEXT.lsa);
  expect(lost.out).not.toContain("can be removed");
  expect(lost.out).not.toContain(TIN);
});
