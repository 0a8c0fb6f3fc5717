import type { Db } from "../db/database.server";
import type { Env } from "../env.server";
import { formatPhone } from "~/lib/phone";
import type { TextContext } from "./outbox.server";
import { readTextSettings, textSender } from "./text-settings.server";

/** What queueing a text needs, read fresh for each change (settings may have just changed). */
export async function loadTextContext(db: Db, env: Env): Promise<TextContext> {
  const settings = await readTextSettings(db);
  return {
    settings,
    sender: textSender(env, settings),
    business: { name: env.BUSINESS_NAME, phone: formatPhone(env.BUSINESS_PHONE) },
    siteUrl: env.SITE_URL,
    phoneRegions: env.PHONE_REGIONS,
  };
}
