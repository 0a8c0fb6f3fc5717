import { z } from "zod";
import type { Actor } from "~/lib/activity";
import { recordActivity } from "../activity/activity.server";
import { DEFAULT_TEMPLATES, TEXT_KINDS, type TextKind } from "~/lib/texting/text-templates";
import { readSetting, writeSetting } from "../db/app-settings.server";
import type { Db } from "../db/database.server";
import type { Env } from "../env.server";

/** Settings → Messages: the sender number, and per kind of text whether to send it and what. */
export interface TextSettings {
  /** E.164; empty: TWILIO_FROM_NUMBER (or the Messaging Service) from the environment. */
  from: string | null;
  enabled: Record<TextKind, boolean>;
  templates: Record<TextKind, string>;
}

const KEY = "texts";

const stored = z
  .object({
    from: z.string().nullable().optional(),
    enabled: z.record(z.string(), z.boolean()).optional(),
    templates: z.record(z.string(), z.string()).optional(),
  })
  .catch({});

export async function readTextSettings(db: Db): Promise<TextSettings> {
  return withDefaults(stored.parse((await readSetting(db, KEY)) ?? {}));
}

/** What is saved, with every kind on and the default template wherever none was saved. */
export function withDefaults(saved: z.output<typeof stored>): TextSettings {
  const each = <T>(pick: (kind: TextKind) => T) =>
    Object.fromEntries(TEXT_KINDS.map((kind) => [kind, pick(kind)])) as Record<TextKind, T>;
  return {
    from: saved.from || null,
    enabled: each((kind) => saved.enabled?.[kind] ?? true),
    templates: each((kind) => saved.templates?.[kind] ?? DEFAULT_TEMPLATES[kind]),
  };
}

/**
 * Saves Settings → Messages, with an activity entry naming who changed what: each changed
 * field ("enabled.customer_dispatched", "templates.locksmith_link", "from") before → after.
 * A save that changed nothing leaves no entry.
 */
export async function writeTextSettings(
  db: Db,
  settings: TextSettings,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const previous = await readTextSettings(tx);
    await writeSetting(tx, KEY, settings);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const compare = (field: string, was: unknown, now: unknown) => {
      if (was === now) return;
      before[field] = was;
      after[field] = now;
    };
    compare("from", previous.from, settings.from);
    for (const kind of TEXT_KINDS) {
      compare(`enabled.${kind}`, previous.enabled[kind], settings.enabled[kind]);
      compare(`templates.${kind}`, previous.templates[kind], settings.templates[kind]);
    }
    if (Object.keys(after).length === 0) return;
    await recordActivity(tx, {
      actor,
      entity: "settings",
      entityId: KEY,
      action: "text_settings_changed",
      before,
      after,
    });
  });
}

/** How texts leave: through Twilio with a sender, or not at all (the outbox keeps them). */
export type TextSender =
  | {
      configured: true;
      accountSid: string;
      authToken: string;
      from: string | null;
      messagingServiceSid: string | null;
      /** Where Twilio reports each text's delivery. */
      statusCallbackBase: string;
    }
  | { configured: false; missing: string };

/**
 * Whether calls can go through the business line (issue 50): Twilio set up with a number to
 * call from. A Messaging Service alone sends texts but places no call.
 */
export function canBridgeCalls(sender: TextSender): boolean {
  return Boolean(sender.configured && sender.from);
}

export function textSender(
  env: Pick<
    Env,
    | "TWILIO_ACCOUNT_SID"
    | "TWILIO_AUTH_TOKEN"
    | "TWILIO_FROM_NUMBER"
    | "TWILIO_MESSAGING_SERVICE_SID"
    | "SITE_URL"
  >,
  settings: Pick<TextSettings, "from">,
): TextSender {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) {
    return { configured: false, missing: "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN" };
  }
  // A number chosen in Settings first, then the Messaging Service, then the environment's.
  const messagingServiceSid = settings.from ? null : (env.TWILIO_MESSAGING_SERVICE_SID ?? null);
  const from = settings.from ?? (messagingServiceSid ? null : (env.TWILIO_FROM_NUMBER ?? null));
  if (!from && !messagingServiceSid) {
    return { configured: false, missing: "a sender number (Settings → Messages)" };
  }
  return {
    configured: true,
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from,
    messagingServiceSid,
    statusCallbackBase: `${env.SITE_URL}/api/webhooks/twilio/message`,
  };
}
