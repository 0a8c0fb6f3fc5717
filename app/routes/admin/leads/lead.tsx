import { Briefcase } from "lucide-react";
import { memo } from "react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { DispatchAction, ReopenAction } from "~/components/admin/leads/lead-buttons";
import { LeadEditForm } from "~/components/admin/leads/page/lead-edit-form";
import { LeadRelated } from "~/components/admin/leads/page/lead-related";
import { LeadSummary } from "~/components/admin/leads/page/lead-summary";
import { LeadTimeline } from "~/components/admin/leads/page/lead-timeline";
import { TextConsentForm } from "~/components/admin/leads/page/text-consent-form";
import { HeldQuotes } from "~/components/admin/leads/page/held-quotes";
import {
  LSA_THREAD,
  PartnerThread,
  THUMBTACK_THREAD,
} from "~/components/admin/leads/page/partner-thread";
import { readThumbtackThread } from "~/server/lead-inbox/thumbtack-replies.server";
import { thumbtackRepliesConfigured } from "~/server/lead-inbox/thumbtack-auth.server";
import { CreateJobButton, LeadControls } from "~/components/admin/leads/lead-row-controls";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { isClosedLead } from "~/lib/business-enums";
import { shortId } from "~/lib/format";
import { FAILURE, SUCCESS } from "~/lib/ui-text";
import { leadPageActionSchema } from "~/lib/schemas/leads";
import { leadTimeline } from "~/lib/leads/timeline";
import { userActor, userContext } from "~/server/auth/session.server";
import { servicesContext } from "~/server/route-helpers/context.server";
import { handleIntents } from "~/server/route-helpers/intents.server";
import { readLeadPage } from "~/server/screens/lead-page.server";
import { addLeadNote, editLead, setTextConsent } from "~/server/leads/leads.server";
import { readLeadRanking } from "~/server/dispatch/locksmith-ranking.server";
import { answerHeldQuote } from "~/server/money/quotes.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { stopLadder } from "~/server/night-watch/ladder-stop.server";
import { BackLink } from "~/components/admin/back-link";
import type { Route } from "./+types/lead";
import { leadHandlers } from "./lead-actions.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { NeedsClosingFlag } from "~/components/admin/needs-closing-flag";
import { LsaPanel } from "~/components/admin/leads/page/lsa-panel";
import { lsaDecisionWords, lsaPanel } from "~/lib/lead-inbox/lsa";
import { disputeLsaLead, lsaLeadOf } from "~/server/lead-inbox/lsa-connection.server";
import { readLsaThread } from "~/server/lead-inbox/lsa-replies.server";
import { googleAdsConfigured, googleAdsFromEnv } from "~/server/lead-inbox/google-ads.server";

export const handle = {
  liveTables: [
    "leads",
    "jobs",
    "dispatch_codes",
    "activity_log",
    "call_logs",
    "locksmiths",
    "customers",
    "messages",
    "assignments",
    "partner_messages",
  ],
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  // Someone is looking at the lead: nobody else needs waking about it (decision 0051).
  await stopLadder(db, params.id, "opened", userActor(context));
  const [page, ranking, thumbtack, lsaThread] = await Promise.all([
    readLeadPage(db, params.id),
    // The Dispatch dialog's ranked locksmiths (decision 0029).
    readLeadRanking(db, params.id),
    readThumbtackThread(db, params.id),
    readLsaThread(db, params.id, googleAdsConfigured(env)),
  ]);
  if (!page) throw data("This lead does not exist (any more).", { status: 404 });
  // The Google Local Services lead behind it, if any (issue 51).
  const lsa = await lsaLeadOf(db, page.lead.id);
  const panel = lsa ? lsaPanel(lsa) : null;
  const { texts, ...rest } = page;
  return {
    ...rest,
    timeline: leadTimeline(page.timeline, texts),
    ranking,
    // A message lead's messages show in its conversation, with the replies.
    lsa: panel && (lsaThread ? { ...panel, messages: [] } : panel),
    lsaThread,
    canOpenDoorChecks: context.get(userContext).role === "owner",
    thumbtack: thumbtack && { ...thumbtack, canReply: thumbtackRepliesConfigured(env) },
  };
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, env } = context.get(servicesContext);
  const db = database.db;
  const actor = userActor(context);
  return handleIntents(request, leadPageActionSchema, {
    ...leadHandlers(context),
    edit: {
      failure: FAILURE.saveLead,
      form: true,
      run: async ({ leadId, was, intent: _, ...typed }) => {
        const { changed } = await editLead(db, leadId, { typed, was }, actor);
        const fields = Object.keys(changed).length;
        return {
          toast: fields
            ? {
                title: SUCCESS.leadSaved,
                description: `${fields} field${fields === 1 ? "" : "s"} changed.`,
              }
            : { type: "info", title: "Nothing to save", description: "No field was changed." },
        };
      },
    },
    "text-consent": {
      failure: FAILURE.saveConsent,
      run: async ({ leadId, consent }) => {
        await setTextConsent(db, leadId, consent === "yes", actor);
        return { toast: SUCCESS.consentSaved };
      },
    },
    "confirm-quote": {
      failure: FAILURE.confirmQuote,
      run: async ({ leadId, quoteId }) => {
        await answerHeldQuote(db, {
          leadId,
          quoteId,
          decision: "confirm",
          reason: null,
          texts: await loadTextContext(db, env),
          actor,
          now: new Date(),
        });
        return { toast: SUCCESS.quoteConfirmed };
      },
    },
    "reject-quote": {
      failure: FAILURE.rejectQuote,
      form: true,
      run: async ({ leadId, quoteId, reason }) => {
        await answerHeldQuote(db, {
          leadId,
          quoteId,
          decision: "reject",
          reason,
          texts: await loadTextContext(db, env),
          actor,
          now: new Date(),
        });
        return { toast: SUCCESS.quoteRejected };
      },
    },
    "lsa-dispute": {
      failure: FAILURE.disputeLsaLead,
      form: true,
      run: async ({ leadId, reason, comment }) => {
        const { creditDecision } = await disputeLsaLead(
          db,
          googleAdsFromEnv(env),
          { leadId, reason, comment: comment ?? undefined },
          actor,
        );
        return {
          toast: {
            title: SUCCESS.lsaDisputed,
            description: `${lsaDecisionWords(creditDecision)}.`,
          },
        };
      },
    },
    note: {
      failure: FAILURE.addNote,
      form: true,
      run: async ({ leadId, note }) => {
        await addLeadNote(db, leadId, note, actor);
        return { toast: SUCCESS.noteAdded };
      },
    },
  });
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.lead.displayName ?? "Lead"} | Leads | Admin` },
];

/*
 * The page's parts render again only when their part of the loader's data changed (memo): a
 * fetcher's answer or a live update renders the page, and most of the lead is unchanged
 * (decision 0040). Dispatch and Reopen hold their dialogs' state themselves.
 */
const Summary = memo(LeadSummary);
const Controls = memo(LeadControls);
const TextConsent = memo(TextConsentForm);
const EditForm = memo(LeadEditForm);
const Timeline = memo(LeadTimeline);
const Related = memo(LeadRelated);

export default function LeadPage({ loaderData }: Route.ComponentProps) {
  const {
    lead,
    customer,
    jobs,
    codes,
    calls,
    timeline,
    ranking,
    heldQuotes,
    lsa,
    canOpenDoorChecks,
    thumbtack,
    lsaThread,
  } = loaderData;
  const openJob = jobs.find((job) => job.status === "in_progress");
  const closed = isClosedLead(lead.status);
  const label = `the lead from ${lead.displayName}`;
  return (
    <div className="grid gap-6">
      <BackLink to="/admin/leads">Leads</BackLink>
      <div className="grid grid-cols-1 gap-6 @4xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-6">
          <Summary lead={lead} customer={customer} />
          {heldQuotes.length > 0 && <HeldQuotes leadId={lead.id} quotes={heldQuotes} />}
          <Card className="grid gap-4 p-4 sm:p-6">
            <h2 className="sr-only">Work this lead</h2>
            {lead.needsClosingSince && <NeedsClosingFlag since={lead.needsClosingSince} />}
            <div className="flex flex-wrap items-center gap-2">
              {closed ? (
                <ReopenAction label={label} lead={lead} />
              ) : (
                <DispatchAction label={label} lead={lead} ranking={ranking} />
              )}
              {openJob ? (
                <Button asChild variant="outline">
                  <Link to={`/admin/jobs?q=${shortId(openJob.id)}`}>
                    <Briefcase aria-hidden="true" />
                    Open job {shortId(openJob.id)}
                  </Link>
                </Button>
              ) : (
                !closed && <CreateJobButton lead={lead} size="default" />
              )}
            </div>
            <Controls lead={lead} idPrefix="page" />
          </Card>
          <TextConsent
            leadId={lead.id}
            consent={lead.textConsent}
            optedOutAt={customer?.customer.textsOptedOutAt ?? null}
          />
          {lsaThread && (
            <PartnerThread
              source={LSA_THREAD}
              leadId={lead.id}
              messages={lsaThread.messages}
              canReply={lsaThread.canReply}
            />
          )}
          {thumbtack && (
            <PartnerThread
              source={THUMBTACK_THREAD}
              leadId={lead.id}
              messages={thumbtack.messages}
              canReply={thumbtack.canReply}
            />
          )}
          <EditForm lead={lead} />
          <Timeline leadId={lead.id} items={timeline} />
        </div>
        <div className="grid content-start gap-6">
          {lsa && <LsaPanel leadId={lead.id} lsa={lsa} />}
          <Related jobs={jobs} codes={codes} calls={calls} canOpenDoorChecks={canOpenDoorChecks} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold">
        {gone ? "Lead not found" : "This lead could not be shown"}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {gone
          ? "It may have been deleted, or the link is wrong."
          : "Something went wrong reading it. Try again in a moment."}
      </p>
      <Button asChild className="mt-6">
        <Link to="/admin/leads">Back to Leads</Link>
      </Button>
    </div>
  );
}
