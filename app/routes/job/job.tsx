import { useActionData } from "react-router";
import {
  JobActions,
  JobTravelActions,
  type JobActionErrors,
} from "~/components/job-page/job-actions";
import { OfferDeadline } from "~/components/link-page/offer-deadline";
import { JobDetails } from "~/components/job-page/job-details";
import { JobTexts } from "~/components/job-page/job-texts";
import { JobEnded } from "~/components/job-page/job-ended";
import { JobQuote } from "~/components/job-page/job-quote";
import { DoorCheck, PoliceNumber } from "~/components/job-page/door-check";
import { ReceiptQr } from "~/components/job-page/receipt-qr";
import { LinkGone, useRootBusiness } from "~/components/link-page/link-gone";
import { LinkPageNotices } from "~/components/link-page/link-page-notices";
import { LinkPageShell } from "~/components/link-page/link-page-shell";
import { doneNotice } from "~/lib/site/done-notice";
import type { JobLinkStage } from "~/lib/dispatch/job-link";
import { formatTime } from "~/lib/format";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { servicesContext } from "~/server/route-helpers/context.server";
import {
  completionCustomerToken,
  JOB_PAGE_DONE,
  readJobPage,
} from "~/server/dispatch/job-page.server";
import { qrImage } from "~/server/customers/receipt-qr.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { jobPageTexts } from "~/server/phones/relayed-texts.server";
import { idPhotoOffered } from "~/server/door-check/id-photos.server";
import type { Route } from "./+types/job";
import { handleJobPageAction, JOB_PAGE_HEADERS, notFoundPage } from "./job-actions.server";

/*
 * /j/:token — the job page a locksmith opens from the dispatch text: no sign-in (the link
 * is the key), made for a phone, every action a plain POST. An ended job says why, and
 * nothing about the customer.
 */

const STAGE_HEADINGS: Record<Exclude<JobLinkStage, "ended">, string> = {
  offered: "New job for you",
  accepted: "Job accepted",
  on_the_way: "On the way",
  arrived: "On site",
  completed: "Job completed",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database, env, payLinks } = context.get(servicesContext);
  const texts = await loadTextContext(database.db, env);
  const now = new Date();
  const page = await readJobPage(database.db, params.token, now, texts);
  if (!page) notFoundPage();
  const customerTexts = await jobPageTexts(database.db, params.token, texts, now);
  const customerToken =
    page.stage === "completed"
      ? await completionCustomerToken(database.db, params.token)
      : undefined;
  const receiptTarget = customerToken && `${env.SITE_URL}/t/${customerToken}`;
  return {
    ...page,
    idPhotoOffered: Boolean(page.doorCheck?.locked) && (await idPhotoOffered(database.db, env)),
    customerTexts,
    receiptQr: receiptTarget
      ? { image: await qrImage(receiptTarget), target: receiptTarget }
      : null,
    payLinkOffered: Boolean(payLinks),
    offerExpiresAt: page.offerExpiresAt.toISOString(),
    now: new Date().toISOString(),
    changedAt: page.changedAt?.toISOString() ?? null,
    done: doneNotice(request, JOB_PAGE_DONE),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { database, env, payLinks } = context.get(servicesContext);
  return handleJobPageAction(request, params.token, database.db, env, Boolean(payLinks));
}

// After a refused tap (409: reassigned, offer expired) the page shows the job as it is now.
export const shouldRevalidate = revalidateAfterPosts;

export const headers = () => JOB_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Your job" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function JobPage({ loaderData: page }: Route.ComponentProps) {
  const business = useRootBusiness();
  const answer = useActionData<typeof action>();
  const errors = actionErrors(answer);
  return (
    <LinkPageShell business={business}>
      <p className="text-sm font-medium text-muted-foreground">{page.locksmithName}</p>
      {page.stage === "ended" ? (
        <>
          <JobEnded reason={page.endReason} service={page.service} business={business} />
          {page.endReason === "refused" && (
            <PoliceNumber
              police={page.police}
              officePhone={{ display: business.phone, tel: business.phoneHref }}
            />
          )}
        </>
      ) : (
        <>
          <h1 className="text-2xl font-extrabold tracking-tight">{STAGE_HEADINGS[page.stage]}</h1>
          {page.stage === "offered" && (
            <OfferDeadline answerBy={page.offerExpiresAt} now={page.now} />
          )}
          {page.stage === "on_the_way" && page.etaMinutes && (
            <p className="mt-1 text-muted-foreground">
              Your estimate: about {page.etaMinutes} minutes.
            </p>
          )}
          <LinkPageNotices done={page.done} answered={Boolean(answer)} formError={errors.form} />
          {page.changedAt && (
            <p
              role="status"
              className="mt-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 font-semibold text-amber-950"
            >
              The customer changed the address or notes at {formatTime(page.changedAt)}: check
              below.
            </p>
          )}
          <div className="mt-4 grid gap-4">
            {page.receiptQr && <ReceiptQr {...page.receiptQr} />}
            <JobDetails job={page} />
            {page.customerTexts && (
              <JobTexts
                conversation={page.customerTexts}
                errors={errors}
                typed={answerIntent(answer) === "text_customer" ? errors.typed?.body : undefined}
              />
            )}
            {/* On the way and arrived come before the quote: they are the next tap. */}
            <JobTravelActions
              actions={page.actions}
              etaMinutes={page.etaMinutes}
              promisedMinutes={page.promisedMinutes}
              errors={errors}
            />
            {page.doorCheck?.locked && page.actions.includes("complete") && (
              <DoorCheck
                check={page.doorCheck}
                statement={page.doorCheck.statement}
                police={page.police}
                officePhone={{ display: business.phone, tel: business.phoneHref }}
                errors={errors}
                intent={answerIntent(answer)}
                idPhotoOffered={page.idPhotoOffered}
              />
            )}
            {page.canQuote && (
              <JobQuote
                quote={page.quote}
                officeQuote={page.officeQuote}
                signatureOffered={page.signatureOffered}
                service={page.service}
                usualRange={page.usualRange}
                afterHoursCents={page.afterHoursCents}
                errors={errors}
                intent={answerIntent(answer)}
              />
            )}
            {page.actions.length > 0 ? (
              <JobActions
                // Completing waits for the door check too (issue 49).
                actions={
                  page.doorCheck?.locked
                    ? page.actions.filter((action) => action !== "complete")
                    : page.actions
                }
                errors={errors}
                quote={page.quote}
                payLinkOffered={page.payLinkOffered}
                guaranteeCallback={page.guaranteeCallback}
              />
            ) : (
              <p className="text-muted-foreground">
                {page.customer
                  ? "Nothing more to do here. The customer's details stay on this page for 12 hours."
                  : "Nothing more to do here. The customer's details are no longer shown."}
              </p>
            )}
          </div>
        </>
      )}
    </LinkPageShell>
  );
}

/** The action's answer as the forms show it: each field's message, or the page's. */
function actionErrors(answer: unknown): JobActionErrors & { form?: string } {
  if (!answer || typeof answer !== "object") return {};
  const reply = answer as {
    formError?: string;
    priceCheck?: { cents: number; message: string };
    result?: { error?: Record<string, string[] | null> };
    fieldErrors?: Record<string, string>;
    typed?: Record<string, string>;
  };
  const fields: Record<string, string> = { ...reply.fieldErrors };
  for (const [name, messages] of Object.entries(reply.result?.error ?? {})) {
    if (messages?.[0]) fields[name] = messages[0];
  }
  if (reply.priceCheck) fields.price = reply.priceCheck.message;
  const typed = { ...reply.typed };
  if (reply.priceCheck) typed.price = (reply.priceCheck.cents / 100).toFixed(2);
  return { form: reply.formError, fields, priceCheck: reply.priceCheck?.cents, typed };
}

/** Which form the answer is about, so only that form shows what was typed. */
function answerIntent(answer: unknown): string | null {
  if (!answer || typeof answer !== "object" || !("intent" in answer)) return null;
  return typeof answer.intent === "string" ? answer.intent : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LinkGone
      error={error}
      heading="This job link is not valid"
      reasons="It may have been mistyped or cut short."
      callFor="Call the office for the job:"
    />
  );
}
