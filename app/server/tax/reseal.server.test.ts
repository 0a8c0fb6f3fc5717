import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { taxPayerSchema, w9Schema } from "~/lib/schemas/tax";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import {
  connectFakeLsa,
  fakeAdsClient,
  startFakeGoogleAds,
  type FakeGoogleAds,
} from "../../../tests/helpers/fake-google-ads";
import { locksmithsFor, testZip } from "../../../tests/helpers/night-watch";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { activityLog } from "../db/activity-tables.server";
import { payouts } from "../db/business-tables.server";
import { lsaConnection } from "../db/lead-inbox-tables.server";
import { locksmithTaxDetails } from "../db/tax-tables.server";
import { parseEnv } from "../env.server";
import { googleAdsRest, LSA_TOKEN_TEXT } from "../lead-inbox/google-ads.server";
import { pullLsaLeads } from "../lead-inbox/lsa-pull.server";
import { RESEAL_TEXT, resealAll } from "./reseal.server";
import { configuredTinCipher, TIN_KEY_TEXT, tinCipher, type TinCipher } from "./tin-cipher.server";
import { saveTaxPayer, saveW9 } from "./w9.server";
import { irisExport } from "./year-end.server";

/*
 * Rotating TIN_ENCRYPTION_KEY (decision 0074): the W-9 numbers, the payer's number and the
 * Local Services refresh token sealed under key A stay readable once B is the key and A is
 * TIN_ENCRYPTION_KEY_PREVIOUS; re-sealing moves them to B, after which B alone reads them; a
 * value under neither key is named and left alone, never read as something else; no full
 * number shows outside the IRIS file.
 */

const key = () => randomBytes(32).toString("base64");
const [A, B, C] = [key(), key(), key()];
/** The server's cipher after the rotation: B the key, A the previous one, read from the env. */
const rotated = configuredTinCipher(
  parseEnv({ TIN_ENCRYPTION_KEY: B, TIN_ENCRYPTION_KEY_PREVIOUS: A }),
)!;
const TIN = "287654321";
const PAYER_TIN = "367654321";
const LOST_TIN = "318445566";
const REFRESH = "1//rotation-refresh-token";

const w9 = (legalName: string, tin: string) =>
  w9Schema.parse({
    intent: "w9",
    legalName,
    tinType: "ssn",
    tin,
    street: "4100 W 63rd St",
    city: "Chicago",
    state: "IL",
    zip: "60629",
  });

let fake: FakeGoogleAds;
beforeAll(async () => {
  fake = await startFakeGoogleAds();
});
afterAll(() => fake?.close());

describeEachDatabase("rotating TIN_ENCRYPTION_KEY", (t) => {
  const db = () => t.handle.db;
  const api = (cipher: TinCipher) => googleAdsRest({ ...fakeAdsClient(fake), cipher });
  /** A pull signs in with the stored token: it opens, and Google gets the one connected. */
  async function pullsWith(cipher: TinCipher) {
    const seen = fake.refreshTokensSeen.length;
    await pullLsaLeads(db(), api(cipher));
    expect(fake.refreshTokensSeen.slice(seen)).toEqual([REFRESH]);
  }
  const exportWith = (cipher: TinCipher) => irisExport(db(), cipher, 2025, TEST_ACTOR);
  const sealedOf = async (locksmithId: string) =>
    (
      await db()
        .select({ sealed: locksmithTaxDetails.tinSealed })
        .from(locksmithTaxDetails)
        .where(eq(locksmithTaxDetails.locksmithId, locksmithId))
    )[0]!.sealed!;

  let smith: string, lost: string;
  beforeAll(async () => {
    const old = tinCipher(A);
    const made = await locksmithsFor(db(), testZip(), ["Rota Smith", "Lost Smith"]);
    [smith, lost] = made.map((row) => row!.id) as [string, string];
    await saveW9(db(), old, smith, w9("Rota Smith", TIN), TEST_ACTOR);
    await saveTaxPayer(
      db(),
      old,
      taxPayerSchema.parse({
        intent: "payer",
        legalName: "Lockline Locksmiths LLC",
        tinType: "ein",
        tin: PAYER_TIN,
        street: "1 N State St",
        city: "Chicago",
        state: "IL",
        zip: "60602",
        phone: "3125550147",
      }),
      TEST_ACTOR,
    );
    await db().insert(payouts).values({
      locksmithId: smith,
      amountCents: 250_000,
      paidOn: "2025-06-02",
      method: "cash",
    });
    await connectFakeLsa(db(), fake, REFRESH, old);
  });

  it("reads what key A sealed once B is the key and A the previous one", async () => {
    const { csv } = await exportWith(rotated);
    expect(csv).toContain(TIN);
    expect(csv).toContain(PAYER_TIN);
    await pullsWith(rotated);
    // B alone does not: the old values are still under A.
    await expect(exportWith(tinCipher(B))).rejects.toThrow(TIN_KEY_TEXT.wrongKey);
    await expect(pullLsaLeads(db(), api(tinCipher(B)))).rejects.toThrow(LSA_TOKEN_TEXT.wrongKey);
    const [connection] = await db().select().from(lsaConnection);
    expect(connection?.lastError).toBe(LSA_TOKEN_TEXT.wrongKey);
  });

  it("re-seals every value under B, after which B alone reads them and A does not", async () => {
    const before = await sealedOf(smith);
    expect(await resealAll(db(), rotated, TEST_ACTOR)).toEqual({
      resealed: 3,
      current: 0,
      unreadable: [],
    });
    expect(await sealedOf(smith)).not.toBe(before);
    const newKeyOnly = tinCipher(B);
    const { csv } = await exportWith(newKeyOnly);
    expect(csv).toContain(TIN);
    expect(csv).toContain(PAYER_TIN);
    await pullsWith(newKeyOnly);
    await expect(exportWith(tinCipher(A))).rejects.toThrow(TIN_KEY_TEXT.wrongKey);
    // Again: nothing left under A.
    expect(await resealAll(db(), newKeyOnly, TEST_ACTOR)).toEqual({
      resealed: 0,
      current: 3,
      unreadable: [],
    });
  });

  it("names a value no key opens, leaves it as it was, and never reads it as another", async () => {
    await saveW9(db(), tinCipher(C), lost, w9("Lost Smith", LOST_TIN), TEST_ACTOR);
    const before = await sealedOf(lost);
    const outcome = await resealAll(db(), rotated, TEST_ACTOR);
    expect(outcome).toEqual({
      resealed: 0,
      current: 3,
      unreadable: [RESEAL_TEXT.locksmith("Lost Smith")],
    });
    expect(await sealedOf(lost)).toBe(before);
    expect(() => rotated.decrypt(before, lost)).toThrow(TIN_KEY_TEXT.wrongKey);
    // Paid above the threshold, the locksmith's row stops the file with the reason, not garbage.
    await db().insert(payouts).values({
      locksmithId: lost,
      amountCents: 250_000,
      paidOn: "2025-07-01",
      method: "check",
    });
    await expect(exportWith(rotated)).rejects.toThrow(TIN_KEY_TEXT.wrongKey);
  });

  it("writes each re-seal in the activity log, with counts and names, never a number", async () => {
    const entries = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, "tin_key_resealed"));
    expect(entries).toHaveLength(3);
    const everything = JSON.stringify(
      (await db().execute(sql`select * from activity_log`)) as unknown,
    );
    for (const tin of [TIN, PAYER_TIN, LOST_TIN, REFRESH]) expect(everything).not.toContain(tin);
  });
});
