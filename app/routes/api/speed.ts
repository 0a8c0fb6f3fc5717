import { speedReportSchema } from "~/lib/schemas/speed";
import { chicagoDay, formatDay } from "~/lib/time/chicago-period";
import { requireApprovedUser } from "~/server/auth/session.server";
import { consumeRateLimit } from "~/server/db/rate-limit.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { recordSpeed } from "~/server/speed/speed.server";
import type { Route } from "./+types/speed";

/**
 * A page view sends one batch, a busy dispatcher a few hundred an hour: far under this. Two
 * a second for a minute is more than hands can tap (30 was spent by the browser tests' one
 * owner, whose reports were then dropped), and still a ceiling on what one account writes.
 */
const PER_USER = { window: 60, max: 120 };

/**
 * The back office's speed figures, sent by the browser (navigator.sendBeacon, speed-report.ts;
 * decision 0058): signed-in staff only, rate-limited per person, checked with zod, and counted
 * in the day's histograms. Nothing is answered but a status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const user = await requireApprovedUser(request, context);
  // A report that is not one is refused before it costs anything stored, its counter included.
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    body = undefined;
  }
  const report = speedReportSchema.safeParse(body);
  if (!report.success) {
    return Response.json({ message: "This is not a speed report." }, { status: 400 });
  }
  const { db } = context.get(servicesContext).database;
  const limit = await consumeRateLimit(db, `speed:${user.id}`, PER_USER);
  if (!limit.allowed) {
    return Response.json(
      { message: "Too many speed reports: try again in a minute." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  await recordSpeed(db, formatDay(chicagoDay(new Date())), report.data);
  return new Response(null, { status: 204 });
}
