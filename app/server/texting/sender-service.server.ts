import type { ChangeFeed } from "../live/change-feed.server";
import type { DatabaseHandle } from "../db/database.server";
import type { Env } from "../env.server";
import { BackgroundLoop } from "../background/background-loop.server";
import { sendDueTexts } from "./sender.server";
import { readTextSettings, textSender } from "./text-settings.server";
import { twilioTransport } from "./twilio-transport.server";
import { twilioAtBase } from "./twilio-base.server";

/**
 * The outbox's sender in this process: a pass when a text is queued (the change feed says
 * so, from any process) and every few seconds for retries that come due. Each pass reads
 * the settings afresh, so a sender number saved in Settings is used at once; without
 * Twilio it does nothing (texts wait as unsent).
 */
export function startTextSender(database: DatabaseHandle, changes: ChangeFeed, env: Env) {
  const loop = new BackgroundLoop("text sender", async () => {
    const sender = textSender(env, await readTextSettings(database.db));
    if (!sender.configured) return 0;
    const httpClient = env.TWILIO_API_BASE ? twilioAtBase(env.TWILIO_API_BASE) : undefined;
    return sendDueTexts(
      database.db,
      twilioTransport(sender, httpClient),
      sender.statusCallbackBase,
    );
  });
  changes.subscribe((change) => {
    if (change.table === "messages" && change.op !== "delete") loop.wake();
  });
  loop.start(5_000);
  return loop;
}
