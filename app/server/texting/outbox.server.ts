import { SERVICE_IN_A_SENTENCE } from "~/lib/leads/lead-labels";
import { and, count, desc, eq, getTableColumns, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Actor } from "~/lib/activity";
import {
  RETRYABLE_MESSAGE_STATUSES,
  type MessagePurpose,
  type MessageStatus,
} from "~/lib/business-enums";
import { RULE } from "~/lib/ui-text";
import type { Page } from "~/lib/admin/pagination";
import { storablePhone } from "~/lib/phone-parse";
import { phoneReachProblem, type PhoneRegionChoice } from "~/lib/phone-region";
import { holdsCustomerSecret, maskCustomerSecrets } from "~/lib/texting/secret-mask";
import {
  CUSTOMER_TEXT_CAPS,
  renderText,
  TEXT_KINDS,
  type CustomerTextKind,
  type TextKind,
  type TextValues,
} from "~/lib/texting/text-templates";
import { customers, leads, locksmiths, type Lead } from "../db/business-tables.server";
import type { Db } from "../db/database.server";
import { countWhere, isUuid, phoneContains, readPage } from "../db/list-query.server";
import { messages, type Message } from "../db/messaging-tables.server";
import { recordActivity } from "../activity/activity.server";
import { notFound, RuleError } from "../rule-error.server";
import type { TextSender, TextSettings } from "./text-settings.server";

/*
 * The outbox: a text is a row here first, written in the transaction of the change that
 * caused it, so a dispatch and its text stand or fall together. The sender
 * (texting/sender.server.ts) delivers queued rows; without Twilio they are kept as "unsent"
 * for the office to send from its own phone.
 */

/** What queueing a text needs to know besides the text itself. */
export interface TextContext {
  sender: TextSender;
  settings: TextSettings;
  /** Filled into every template: {business} and {business_phone}. */
  business: { name: string; phone: string };
  /** The site's address, for links in texts. */
  siteUrl: string;
  /** Where texts may go (PHONE_REGIONS); the US alone when unset. */
  phoneRegions?: readonly PhoneRegionChoice[];
}

/**
 * The most texts one customer number gets in an hour and in a day, of all kinds and all
 * their requests together (issue 47): what the per-kind caps of one request cannot stop,
 * a script making request after request for one number. High enough for one real visit,
 * which texts the customer a dozen times in its hour (dispatched, on the way, a quote, an
 * approval code and its confirmation, a price change, the receipt, the pay link, the
 * payment, the review) — at 6 the money texts of issue 44 were held back.
 */
export const TEXTS_PER_NUMBER = { hour: 15, day: 30 } as const;

interface QueuedText {
  kind: TextKind;
  to: string;
  values: TextValues;
  leadId?: string | null;
  jobId?: string | null;
  locksmithId?: string | null;
  customerId?: string | null;
}

/** The text as it will be sent, or undefined when this kind is switched off. */
export function composeText(
  context: TextContext,
  kind: TextKind,
  values: TextValues,
): string | undefined {
  if (!context.settings.enabled[kind]) return undefined;
  return renderText(kind, context.settings.templates[kind], {
    business: context.business.name,
    business_phone: context.business.phone,
    ...values,
  });
}

/** Queues one text (pass the transaction of the change it tells about). */
export async function queueText(
  tx: Db,
  context: TextContext,
  text: QueuedText,
): Promise<Message | undefined> {
  const body = composeText(context, text.kind, text.values);
  const to = storablePhone(text.to);
  // Never a number outside the regions served or a premium-rate line, whoever it is for.
  if (body === undefined || !to || phoneReachProblem(to, context.phoneRegions)) return undefined;
  const [row] = await tx
    .insert(messages)
    .values({
      toPhone: to,
      body,
      purpose: text.kind,
      status: context.sender.configured ? "queued" : "unsent",
      leadId: text.leadId ?? null,
      jobId: text.jobId ?? null,
      locksmithId: text.locksmithId ?? null,
      customerId: text.customerId ?? null,
    })
    .returning();
  return row;
}

/**
 * A text to the lead's customer, only with their consent, never after they replied STOP,
 * and never more of one kind than its cap per lead (CUSTOMER_TEXT_CAPS): whatever asks to
 * text them, a customer hears each fact once. A text held back is said on the timeline, so
 * nobody wonders why.
 */
export async function queueCustomerText(
  tx: Db,
  context: TextContext,
  lead: Pick<Lead, "id" | "phone" | "customerId" | "textConsent" | "serviceType">,
  text: { kind: CustomerTextKind; values: TextValues; jobId?: string | null },
  actor: Actor,
  /**
   * The customer asked for this text in person (an approval code, and the confirmation of
   * what it approved): it goes without the texts agreement, but never after STOP.
   */
  requested = false,
): Promise<Message | undefined> {
  if (!lead.textConsent && !requested) return undefined;
  const withheld = async (reason: "opted_out" | "cap" | "number_cap" | "region") => {
    await recordActivity(tx, {
      actor,
      entity: "lead",
      entityId: lead.id,
      action: "text_withheld",
      after: { purpose: text.kind, reason },
      leadId: lead.id,
    });
    return undefined;
  };
  if (lead.customerId) {
    const [customer] = await tx
      .select({ optedOutAt: customers.textsOptedOutAt })
      .from(customers)
      .where(eq(customers.id, lead.customerId));
    if (customer?.optedOutAt) return withheld("opted_out");
  }
  const [sent] = await tx
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.leadId, lead.id), eq(messages.purpose, text.kind)));
  if ((sent?.count ?? 0) >= CUSTOMER_TEXT_CAPS[text.kind]) return withheld("cap");
  if (phoneReachProblem(lead.phone, context.phoneRegions)) return withheld("region");
  // A code the customer asks for at the door, and its confirmation, come from a locksmith's
  // live job, not from a form a script can fill: their own caps per lead bound them.
  if (!requested && (await numberCapReached(tx, lead.phone))) return withheld("number_cap");
  return queueText(tx, context, {
    ...text,
    // The service as a customer reads it in a sentence, whoever asked for the text.
    values: { ...text.values, service: SERVICE_IN_A_SENTENCE[lead.serviceType] },
    to: lead.phone,
    leadId: lead.id,
    customerId: lead.customerId,
  });
}

const CUSTOMER_KINDS = TEXT_KINDS.filter((kind) => kind.startsWith("customer_"));

/** Whether the number had its texts of the last hour or day (TEXTS_PER_NUMBER). */
export async function numberCapReached(tx: Db, phone: string): Promise<boolean> {
  const to = storablePhone(phone);
  if (!to) return false;
  const now = Date.now();
  const [sent] = await tx
    .select({
      hour: sql<number>`count(*) filter (where ${messages.createdAt} >= ${new Date(now - 3_600_000)})`.mapWith(
        Number,
      ),
      day: count(),
    })
    .from(messages)
    .where(
      and(
        eq(messages.toPhone, to),
        inArray(messages.purpose, CUSTOMER_KINDS),
        gte(messages.createdAt, new Date(now - 86_400_000)),
      ),
    );
  return (sent?.hour ?? 0) >= TEXTS_PER_NUMBER.hour || (sent?.day ?? 0) >= TEXTS_PER_NUMBER.day;
}

export interface MessageListQuery {
  q?: string;
  status?: MessageStatus;
  purpose?: MessagePurpose;
  page?: number;
  pageSize?: number;
}

export type MessageRow = Omit<Message, "toPhoneDigits"> & {
  locksmithName: string | null;
  leadName: string | null;
  /** The body holds a customer's key, shown masked: it can be resent, never copied. */
  masked: boolean;
};

/** A text as staff see it: a customer's link or code masked (issue 44). */
function staffView<Row extends { body: string; purpose: MessagePurpose }>(
  row: Row,
): Row & { masked: boolean } {
  const masked = holdsCustomerSecret(row.body, row.purpose);
  return { ...row, body: masked ? maskCustomerSecrets(row.body, row.purpose) : row.body, masked };
}

/** The outbox, newest first: search by phone, filter by status and purpose. */
export async function listMessages(
  db: Db,
  query: MessageListQuery = {},
): Promise<Page<MessageRow>> {
  const search = query.q
    ? (phoneContains(messages.toPhoneDigits, query.q) ?? sql`false`)
    : undefined;
  const where: SQL | undefined = and(
    query.status ? eq(messages.status, query.status) : undefined,
    query.purpose ? eq(messages.purpose, query.purpose) : undefined,
    search,
  );
  return readPage({
    page: query.page,
    pageSize: query.pageSize,
    count: () => countWhere(db, messages, where),
    rows: async (limit, offset) =>
      (
        await db
          .select({
            ...messageColumns,
            locksmithName: locksmiths.name,
            leadName: leads.name,
          })
          .from(messages)
          .leftJoin(locksmiths, eq(locksmiths.id, messages.locksmithId))
          .leftJoin(leads, eq(leads.id, messages.leadId))
          .where(where)
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(limit)
          .offset(offset)
      ).map(staffView),
  });
}

/** A message's columns as the screens read them (the search column left out). */
const { toPhoneDigits: _digits, ...messageColumns } = getTableColumns(messages);

/** A lead's texts, oldest first, with who each went to: for its timeline. */
export async function leadMessages(db: Db, leadId: string): Promise<MessageRow[]> {
  const rows = await db
    .select({ ...messageColumns, locksmithName: locksmiths.name, leadName: leads.name })
    .from(messages)
    .leftJoin(locksmiths, eq(locksmiths.id, messages.locksmithId))
    .leftJoin(leads, eq(leads.id, messages.leadId))
    .where(eq(messages.leadId, leadId))
    .orderBy(messages.createdAt, messages.id)
    .limit(200);
  return rows.map(staffView);
}

/**
 * Resend: a failed, undelivered, interrupted or unsent text goes back in the queue with a
 * fresh count of tries. Refused while texting is not configured (it would only be unsent
 * again) and for a text in any other state (a second click, another operator).
 */
export async function resendMessage(
  db: Db,
  id: string,
  sender: TextSender,
  actor: Actor,
): Promise<Message> {
  if (!sender.configured) throw new RuleError(RULE.textingNotConfigured);
  if (isUuid(id)) {
    const copy = await resendCopy(db, id, actor);
    if (copy) return copy;
  }
  return changeRetryable(db, id, actor, "resent", {
    status: "queued",
    attempts: 0,
    nextAttemptAt: new Date(),
    sendingSince: null,
    unansweredAt: null,
    lastError: null,
  });
}

/**
 * A text that went, holding a customer's key (masked for staff), sent again as a new row of
 * the outbox: the customer asked for their link again, and staff never see it to copy.
 * Undefined for any other text (Resend then re-queues a failed one as before). Never after
 * the customer replied STOP.
 */
async function resendCopy(db: Db, id: string, actor: Actor): Promise<Message | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id));
    if (!row || !["sent", "delivered"].includes(row.status)) return undefined;
    if (!holdsCustomerSecret(row.body, row.purpose)) return undefined;
    if (row.customerId) {
      const [customer] = await tx
        .select({ optedOutAt: customers.textsOptedOutAt })
        .from(customers)
        .where(eq(customers.id, row.customerId));
      if (customer?.optedOutAt) throw new RuleError(RULE.customerOptedOut);
    }
    const [copy] = await tx
      .insert(messages)
      .values({
        toPhone: row.toPhone,
        body: row.body,
        purpose: row.purpose,
        status: "queued",
        leadId: row.leadId,
        jobId: row.jobId,
        locksmithId: row.locksmithId,
        customerId: row.customerId,
      })
      .returning();
    await recordActivity(tx, {
      actor,
      entity: "message",
      entityId: copy!.id,
      action: "resent",
      after: { status: "queued", purpose: row.purpose, to: row.toPhone, copyOf: row.id },
      leadId: row.leadId,
    });
    return copy;
  });
}

/** Drop: the office gave up on a failed, interrupted or unsent text. */
export async function dropMessage(db: Db, id: string, actor: Actor): Promise<Message> {
  return changeRetryable(db, id, actor, "dropped", { status: "dropped" });
}

async function changeRetryable(
  db: Db,
  id: string,
  actor: Actor,
  action: "resent" | "dropped",
  set: Partial<typeof messages.$inferInsert>,
): Promise<Message> {
  if (!isUuid(id)) throw notFound(RULE.messageGone);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set(set)
      .where(and(eq(messages.id, id), inArray(messages.status, RETRYABLE_MESSAGE_STATUSES)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ status: messages.status })
        .from(messages)
        .where(eq(messages.id, id));
      if (!exists) throw notFound(RULE.messageGone);
      throw new RuleError(RULE.messageNotRetryable);
    }
    await recordActivity(tx, {
      actor,
      entity: "message",
      entityId: row.id,
      action,
      after: { status: row.status, purpose: row.purpose, to: row.toPhone },
      leadId: row.leadId,
    });
    return row;
  });
}
