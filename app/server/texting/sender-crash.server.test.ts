import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { FakeTwilio } from "../../../tests/helpers/fake-twilio";
import { uniquePhone } from "../../../tests/helpers/phones";
import { createPostgresDatabase, databaseKinds } from "../../../tests/helpers/postgres";
import { configuredTexts } from "../../../tests/helpers/texting";
import { openDatabase, type DatabaseHandle } from "../db/database.server";
import { messages } from "../db/messaging-tables.server";
import { queueText } from "./outbox.server";
import { sendDueTexts } from "./sender.server";
import { twilioTransport } from "./twilio-transport.server";

/*
 * No stranded text (issue 46): a sender killed with SIGKILL in the middle of a batch, while
 * Twilio holds its third text, leaves that one "interrupted" (it may or may not have gone
 * out), and every text of the batch it never tried queued: sent once, by the next sender,
 * after the claim's lease. On both databases, the sender a separate process.
 */

const texts = configuredTexts();
const sender = texts.sender as Extract<typeof texts.sender, { configured: true }>;
const LEASE_MS = 2_000;
const TEXTS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of this kind that a second process can open, and how to reopen it here. */
async function database(kind: "pglite" | "postgres") {
  if (kind === "postgres") {
    const created = await createPostgresDatabase(undefined, inject("postgresTemplate"));
    const open = () => openDatabase({ kind: "postgres", url: created.url, poolSize: 2 });
    return { where: created.url, open, drop: created.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lockline-sender-crash-"));
  const template = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  const first = await openDatabase({ kind: "pglite", dataDir: dir, loadDataDir: template });
  await first.close();
  const open = () => openDatabase({ kind: "pglite", dataDir: dir });
  return { where: dir, open, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describe.each(databaseKinds())("a sender killed mid-batch [%s]", (kind) => {
  it(
    "leaves only the text in flight interrupted; every untried text is sent exactly once",
    { timeout: 90_000 },
    async () => {
      const made = await database(kind);
      cleanups.push(made.drop);
      let handle: DatabaseHandle = await made.open();
      await handle.migrate();
      const bodies: string[] = [];
      for (let i = 0; i < TEXTS; i++) {
        const row = await queueText(handle.db, texts, {
          kind: "operator_alert",
          to: uniquePhone(),
          values: { alert: `alert ${i}`, lead_link: "https://lockline.test/admin/leads/x" },
        });
        bodies.push(row!.body);
      }
      // PGlite has one process per data directory: this one lets go while the sender runs.
      if (kind === "pglite") await handle.close();

      const fake = new FakeTwilio();
      fake.script.push("ok", "ok", "hang");
      const port = 20_000 + (process.pid % 10_000) * 2 + (kind === "postgres" ? 1 : 0);
      const stop = await fake.listen(port);
      cleanups.push(stop);
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "tests/helpers/sender-child.ts",
          kind,
          made.where,
          `http://127.0.0.1:${port}`,
          String(LEASE_MS),
        ],
        { stdio: "pipe" },
      );
      let output = "";
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
      // The third text is with Twilio, unanswered: the sender dies now.
      for (let waited = 0; fake.creates < 3; waited += 50) {
        if (waited > 60_000) throw new Error(`the sender never reached its third text: ${output}`);
        await sleep(50);
      }
      child.kill("SIGKILL");
      await exited;
      expect(fake.created).toHaveLength(2);

      if (kind === "pglite") handle = await made.open();
      const statuses = async () =>
        (await handle.db.select().from(messages)).map((row) => row.status).sort();
      // Two went, the third was in flight, three were never tried.
      expect(await statuses()).toEqual(["queued", "queued", "queued", "sending", "sent", "sent"]);

      // After the lease, a live sender takes what the dead one never tried.
      await sleep(LEASE_MS + 200);
      const transport = twilioTransport(sender, fake.httpClient);
      const options = { patienceMs: 1_000, retryDelay: () => 0 };
      while ((await sendDueTexts(handle.db, transport, sender.statusCallbackBase, options)) > 0);
      expect(await statuses()).toEqual(["interrupted", "sent", "sent", "sent", "sent", "sent"]);
      const [inFlight] = await handle.db
        .select()
        .from(messages)
        .where(eq(messages.status, "interrupted"));
      expect(inFlight!.lastError).toMatch(/may or may not have gone out/);
      // Every text but the one in flight, each exactly once; that one never again by itself.
      const taken = fake.created.map((message) => message.body).sort();
      expect(taken).toEqual(bodies.filter((body) => body !== inFlight!.body).sort());
      const sent = await handle.db.select().from(messages).where(eq(messages.status, "sent"));
      expect(sent.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1]);
      await stop();
      await handle.close();
    },
  );
});
