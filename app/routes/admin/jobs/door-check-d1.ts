import { data } from "react-router";
import { d1Problem, d1Record } from "~/lib/door-check/d1-record";
import { requireOwner, userActor } from "~/server/auth/session.server";
import { businessContact } from "~/server/business.server";
import { d1Pdf } from "~/server/door-check/d1-pdf.server";
import { openDoorCheckRecord } from "~/server/door-check/door-check-record.server";
import { pdfDownload } from "~/server/letter-pdf.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { orNotFound } from "~/server/route-helpers/or-not-found.server";
import type { Route } from "./+types/door-check-d1";

/*
 * A car opening's door-check record as a NASTF D1-ready PDF (issue 49, decision 0069):
 * owners only, and each download is an opening of the record, logged as the screen's is.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireOwner(context);
  const { database, env } = context.get(servicesContext);
  const record = await orNotFound(openDoorCheckRecord(database.db, params.id, userActor(context)));
  const problem = d1Problem(record.check);
  if (problem) throw data(problem, { status: 404 });
  const business = businessContact(env);
  const d1 = d1Record(record.check, record.job, business);
  const bytes = await d1Pdf(d1, record.check.statementSignature, business.name, new Date());
  return pdfDownload(bytes, d1.fileName);
}
