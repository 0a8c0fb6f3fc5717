/**
 * `npm run reseal`: after TIN_ENCRYPTION_KEY was replaced (the old key moved to
 * TIN_ENCRYPTION_KEY_PREVIOUS), seals every value the old keys sealed (the W-9 numbers, the
 * payer's number, the Google Local Services refresh token) again under the new key, in one
 * transaction (decision 0074). Exit 0: nothing is left under an old key, so
 * TIN_ENCRYPTION_KEY_PREVIOUS can be removed. Exit 1: some value opens with no key given
 * (named, never shown); it was left as it was. Uses DATABASE_URL, or the embedded database
 * in DATA_DIR (stop the server first: one process at a time may open it). Logged.
 */
import { openDatabase } from "~/server/db/database.server";
import { getEnv } from "~/server/env.server";
import { resealAll } from "~/server/tax/reseal.server";
import { configuredTinCipher } from "~/server/tax/tin-cipher.server";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = getEnv();
const cipher = configuredTinCipher(env);
if (!cipher) fail("TIN_ENCRYPTION_KEY is not set: there is no key to seal under.");
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, poolSize: 1 }
    : { kind: "pglite", dataDir: env.DATA_DIR },
).catch((error: Error) => fail(error.message));

try {
  // As `npm run user` does: a database older than this code gets its migrations first.
  await database.migrate();
  const outcome = await resealAll(database.db, cipher, { kind: "system", name: "Command line" });
  console.log(
    `Sealed again under the current key: ${outcome.resealed}; already under it: ${outcome.current}.`,
  );
  if (outcome.unreadable.length > 0) {
    console.error(
      [
        "These open with neither TIN_ENCRYPTION_KEY nor TIN_ENCRYPTION_KEY_PREVIOUS and were left as they were:",
        ...outcome.unreadable.map((whose) => `  - ${whose}`),
        "Add the key they were sealed with to TIN_ENCRYPTION_KEY_PREVIOUS and run this again, or enter them again.",
      ].join("\n"),
    );
    process.exitCode = 1;
  } else {
    console.log("Nothing is left under an old key: TIN_ENCRYPTION_KEY_PREVIOUS can be removed.");
  }
} finally {
  await database.close();
}
