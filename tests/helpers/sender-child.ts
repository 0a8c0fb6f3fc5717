import { openDatabase } from "~/server/db/database.server";
import { sendDueTexts } from "~/server/texting/sender.server";
import { twilioTransport } from "~/server/texting/twilio-transport.server";
import { twilioAtBase } from "~/server/texting/twilio-base.server";
import { configuredTexts } from "./texting";

/*
 * A second process that runs one pass of the outbox's sender against a database and a fake
 * Twilio on a local port, so a test can kill it with SIGKILL in the middle of a batch
 * (sender-crash.server.test.ts). Arguments: pglite|postgres, data dir or URL, Twilio base,
 * the claim's lease in ms.
 */

const [kind, where, base, leaseMs] = process.argv.slice(2) as [string, string, string, string];
const handle = await openDatabase(
  kind === "pglite" ? { kind: "pglite", dataDir: where } : { kind: "postgres", url: where },
);
const sender = configuredTexts().sender as Extract<
  ReturnType<typeof configuredTexts>["sender"],
  { configured: true }
>;
process.stdout.write("ready\n");
await sendDueTexts(
  handle.db,
  twilioTransport(sender, twilioAtBase(base)),
  sender.statusCallbackBase,
  {
    batch: 10,
    leaseMs: Number(leaseMs),
  },
);
await handle.close();
