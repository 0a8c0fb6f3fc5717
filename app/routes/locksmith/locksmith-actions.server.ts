import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { locksmithPageActionSchema } from "~/lib/schemas/roster";
import type { Db } from "~/server/db/database.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { hashLinkToken } from "~/server/links/link-tokens.server";
import {
  isLocksmithLink,
  openJobFromLocksmithPage,
  setPresenceByLink,
} from "~/server/locksmiths/locksmith-roster.server";

/** Taps per link in ten minutes: plenty for a night, too few to hammer the database. */
const ACTIONS_PER_LINK = { window: 600, max: 30 };

export const LOCKSMITH_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

/** What the page says after a tap (?done=…): a redirect, so a reload posts nothing again. */
export const LOCKSMITH_PAGE_DONE = {
  available: "You are Available until the end of your shift: the office can send you jobs.",
  off: "You are Off: the office will not count on you until you tap Available.",
} as const;

export function notFoundPage(): never {
  throw data("This link is not valid any more.", {
    status: 404,
    headers: LOCKSMITH_PAGE_HEADERS,
  });
}

/**
 * A tap on the locksmith's own page: limited per link, validated, done; then a redirect
 * (back to the page saying what changed, or on to the job's page).
 */
export async function handleLocksmithPageAction(request: Request, token: string, db: Db) {
  // A made-up link is answered by a read: the per-link count below writes a row.
  if (!(await isLocksmithLink(db, token))) notFoundPage();
  const limit = await consumeRateLimit(
    db,
    `locksmith-page:${hashLinkToken(token)}`,
    ACTIONS_PER_LINK,
  );
  if (!limit.allowed) {
    return data(
      { formError: "Too many taps on this page. Wait a few minutes, or call the office." },
      {
        status: 429,
        headers: { ...LOCKSMITH_PAGE_HEADERS, "Retry-After": String(limit.retryAfter) },
      },
    );
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ formError: "That did not arrive whole. Try again." }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: locksmithPageActionSchema });
  if (submission.status !== "success") {
    return data(
      { formError: "That tap was not understood. Reload the page and try again." },
      { status: 400, headers: LOCKSMITH_PAGE_HEADERS },
    );
  }
  const action = submission.value;
  const pathname = new URL(request.url).pathname;
  if (action.intent === "presence") {
    const saved = await setPresenceByLink(
      db,
      token,
      action.presence === "off"
        ? { presence: "off" }
        : { presence: "available", hours: action.hours },
    );
    if (!saved) notFoundPage();
    return redirect(`${pathname}?done=${action.presence}`, {
      status: 303,
      headers: LOCKSMITH_PAGE_HEADERS,
    });
  }
  const jobPath = await openJobFromLocksmithPage(db, token, action.assignmentId);
  if (!jobPath) {
    return data(
      { formError: "That job is not yours any more, or it is over. Call the office." },
      { status: 409, headers: LOCKSMITH_PAGE_HEADERS },
    );
  }
  return redirect(jobPath, { status: 303, headers: LOCKSMITH_PAGE_HEADERS });
}
