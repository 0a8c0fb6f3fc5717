import { data, useActionData } from "react-router";
import { LinkGone, useRootBusiness } from "~/components/link-page/link-gone";
import { LinkPageNotices } from "~/components/link-page/link-page-notices";
import { LinkPageShell } from "~/components/link-page/link-page-shell";
import { doneNotice } from "~/lib/site/done-notice";
import { QuoteSummary } from "~/components/link-page/quote-summary";
import { ReceiptCard } from "~/components/link-page/receipt-card";
import { DoorStatement } from "~/components/link-page/door-statement";
import { buildReceipt } from "~/lib/money/receipt";
import { readReceiptBusiness } from "~/server/money/receipts.server";
import { formatDate, formatTime } from "~/lib/format";
import { formatCents } from "~/lib/money/money";
import { balanceLine, type JobBalance } from "~/lib/money/card-payments";
import type { PageHandle } from "~/lib/site/page-handle";
import { CUSTOMER_PAGE_DONE, readCustomerPage } from "~/server/customers/customer-page.server";
import { loadTextContext } from "~/server/texting/text-context.server";
import { canBridgeCalls } from "~/server/texting/text-settings.server";
import {
  VISIT_VERSION_HEADER,
  visitVersion,
  visitWatched,
  type VisitStage,
} from "~/lib/site/visit-live";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/visit";
import {
  CUSTOMER_PAGE_HEADERS,
  confirmReturnFromStripe,
  customerLinkGone,
  handleCustomerPageAction,
} from "./customer-actions.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";

/*
 * /t/:token — the customer's page, texted at dispatch (issue 29): who is coming, where they
 * are, the quote to approve, the receipt and the review link. Server-rendered with no
 * JavaScript at all (a cheap phone on a weak signal), every button a plain form.
 */

export const handle: PageHandle = { hydrate: false, islands: ["visit-live"] };

const HEADINGS: Record<VisitStage, string> = {
  finding: "We are finding your locksmith",
  assigned: "Your locksmith is assigned",
  on_the_way: "Your locksmith is on the way",
  arrived: "Your locksmith is there",
  done: "Job done: thank you",
  closed: "This request is closed",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database, payLinks, env } = context.get(servicesContext);
  await confirmReturnFromStripe(request, params.token, database.db, payLinks, env);
  const { sender } = await loadTextContext(database.db, env);
  const page = await readCustomerPage(database.db, params.token, new Date(), {
    payLinks: Boolean(payLinks),
    maskedCalls: canBridgeCalls(sender),
  });
  if (!page) customerLinkGone();
  const arrivesAround =
    page.onTheWayAt && page.etaMinutes
      ? new Date(page.onTheWayAt.getTime() + page.etaMinutes * 60_000).toISOString()
      : null;
  const shown = {
    ...page,
    receipt: page.receipt
      ? buildReceipt(page.receipt, await readReceiptBusiness(database.db, env))
      : null,
    onTheWayAt: null,
    arrivesAround,
  };
  const version = visitVersion(shown);
  return data(
    {
      ...shown,
      live: visitWatched(page) ? version : null,
      done: doneNotice(request, CUSTOMER_PAGE_DONE),
    },
    { headers: { [VISIT_VERSION_HEADER]: version } },
  );
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ params, request, context }: Route.ActionArgs) {
  const { database, payLinks, env } = context.get(servicesContext);
  return handleCustomerPageAction(
    request,
    params.token,
    database.db,
    env,
    payLinks && { service: payLinks, siteUrl: env.SITE_URL },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  ...CUSTOMER_PAGE_HEADERS,
  [VISIT_VERSION_HEADER]: loaderHeaders.get(VISIT_VERSION_HEADER) ?? "",
});

export const meta: Route.MetaFunction = () => [
  { title: "Your locksmith visit" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function CustomerPage({ loaderData: page, params }: Route.ComponentProps) {
  const business = useRootBusiness();
  const answer = useActionData<typeof action>();
  const formError =
    answer && typeof answer === "object" && "formError" in answer ? answer.formError : null;
  const answering =
    page.quote?.state === "pending" &&
    ["assigned", "on_the_way", "arrived", "done"].includes(page.stage);
  return (
    <LinkPageShell business={business}>
      {page.live && <div data-island="visit-live" data-version={page.live} hidden />}
      <p className="text-sm font-medium text-muted-foreground">{page.service}</p>
      <h1 className="text-2xl font-extrabold tracking-tight">{HEADINGS[page.stage]}</h1>
      <LinkPageNotices done={page.done} answered={Boolean(answer)} formError={formError} />
      <div className="mt-4 grid gap-4">
        {page.doorStatement && (
          <DoorStatement
            statement={page.doorStatement}
            typedName={
              answer && typeof answer === "object" && "typedName" in answer
                ? String(answer.typedName ?? "")
                : undefined
            }
          />
        )}
        <section aria-labelledby="who-heading" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="who-heading" className="text-lg font-bold">
            Who is coming
          </h2>
          <dl className="mt-2 grid gap-2">
            <div>
              <dt className="text-sm text-muted-foreground">Locksmith</dt>
              <dd className="font-semibold">
                {page.locksmithFirstName
                  ? `${page.locksmithFirstName}, from ${business.name}`
                  : "We will tell you here as soon as a locksmith takes your job."}
              </dd>
            </div>
            {page.locksmithLicense && (
              <div>
                <dt className="text-sm text-muted-foreground">Locksmith's license</dt>
                <dd>Illinois locksmith license {page.locksmithLicense}</dd>
              </div>
            )}
            {business.license && (
              <div>
                <dt className="text-sm text-muted-foreground">License</dt>
                <dd>{business.license}</dd>
              </div>
            )}
            {page.arrivesAround && page.etaMinutes && (
              <div>
                <dt className="text-sm text-muted-foreground">Arriving</dt>
                <dd className="font-semibold">
                  About {page.etaMinutes} minutes from when they left: around{" "}
                  {formatTime(page.arrivesAround)}
                </dd>
              </div>
            )}
            {page.address && (
              <div>
                <dt className="text-sm text-muted-foreground">Where</dt>
                <dd>{page.address}</dd>
              </div>
            )}
          </dl>
          {page.canCallLocksmith && (
            <form method="post" className="mt-3">
              <input type="hidden" name="intent" value="call_locksmith" />
              <button
                type="submit"
                className="h-12 w-full rounded-lg border-2 border-brand-700 bg-white font-semibold text-brand-800"
              >
                Call your locksmith
              </button>
              <p className="mt-1 text-sm text-muted-foreground">
                We call you, then connect you through our line: neither of you sees the other's
                number.
              </p>
            </form>
          )}
        </section>
        {page.quote && (page.stage !== "done" || answering) && (
          <section aria-labelledby="quote-heading" className="rounded-xl bg-white p-4 shadow-sm">
            <h2 id="quote-heading" className="text-lg font-bold">
              The price, before any work
            </h2>
            <QuoteSummary quote={page.quote} />
            <p className="mt-2 text-sm text-muted-foreground" data-usual-price>
              {page.usualPrice}
            </p>
            {answering && (
              <div className="mt-3 grid gap-2">
                <p className="text-sm">
                  Work starts only once you approve. The final price can never be more than the
                  approved quote.
                </p>
                <form method="post">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="quoteId" value={page.quote.id} />
                  <button
                    type="submit"
                    className="h-14 w-full rounded-lg bg-brand-700 text-lg font-semibold text-white"
                  >
                    Approve {formatCents(page.quote.amountCents)}
                  </button>
                </form>
                <form method="post">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="quoteId" value={page.quote.id} />
                  <button
                    type="submit"
                    className="h-12 w-full rounded-lg border-2 border-slate-400 bg-white font-semibold"
                  >
                    Decline
                  </button>
                </form>
              </div>
            )}
          </section>
        )}
        {page.payLink && <PayByCard payLink={page.payLink} />}
        {page.receipt && (
          <ReceiptCard receipt={page.receipt}>
            <p className="mt-3 flex flex-wrap gap-4">
              <a
                className="font-semibold text-brand-700 underline"
                href={`/t/${params.token}/receipt`}
              >
                Open the receipt
              </a>
              <a
                className="font-semibold text-brand-700 underline"
                href={`/t/${params.token}/receipt.pdf`}
                download
              >
                Download it as a PDF
              </a>
            </p>
          </ReceiptCard>
        )}
        {page.reviewOpen && (
          <form method="post" className="rounded-xl bg-white p-4 shadow-sm">
            <h2 className="text-lg font-bold">How did we do?</h2>
            <p className="mt-1 text-sm">A minute of your time helps us and your neighbours.</p>
            <input type="hidden" name="intent" value="review" />
            <button
              type="submit"
              className="mt-3 h-12 w-full rounded-lg bg-brand-700 font-semibold text-white"
            >
              Leave a review
            </button>
          </form>
        )}
        <a
          href={business.phoneHref}
          className="inline-flex h-12 w-full items-center justify-center rounded-lg border-2 border-brand-700 font-semibold text-brand-700"
        >
          Questions? Call {business.phone}
        </a>
      </div>
    </LinkPageShell>
  );
}

/** A pay-link job: the card payment through Stripe's checkout page, or that it is paid. */
function PayByCard({
  payLink,
}: {
  payLink: {
    amountCents: number;
    paidAt: string | Date | null;
    url: string | null;
    balance: JobBalance;
    instalmentId: string | null;
    plan: { id: string; number: number }[];
  };
}) {
  const instalment = payLink.plan.find((one) => one.id === payLink.instalmentId);
  // With a payment plan, what is asked now is its next instalment (decision 0065).
  const amount = instalment
    ? `instalment ${instalment.number} of ${payLink.plan.length}: ${formatCents(payLink.amountCents)}`
    : formatCents(payLink.amountCents);
  const { balance } = payLink;
  const kept = balance.paidCents - balance.refundedCents;
  const settled = payLink.amountCents === 0 && balance.paidCents > 0;
  return (
    <section aria-labelledby="pay-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="pay-heading" className="text-lg font-bold">
        {settled ? "Paid by card" : "Pay by card"}
      </h2>
      {settled ? (
        <div data-balance>
          <p className="mt-1">
            {formatCents(kept)} paid with the card payment link
            {payLink.paidAt ? ` on ${formatDate(payLink.paidAt)}` : ""}. Thank you.
          </p>
          {balance.refundedCents > 0 && (
            <p className="mt-1 text-sm">
              {formatCents(balance.refundedCents)} was paid twice or over the price and is refunded
              to your card.
            </p>
          )}
          {balance.balanceCents < 0 && (
            <p className="mt-1 text-sm">
              You paid {formatCents(-balance.balanceCents)} more than the price. We will refund it
              to your card.
            </p>
          )}
          <p className="mt-1 text-sm font-semibold">{balanceLine(balance)}</p>
        </div>
      ) : payLink.url ? (
        <>
          <p className="mt-1 text-sm">Your secure card payment page is ready (Stripe).</p>
          <a
            href={payLink.url}
            className="mt-3 inline-flex h-14 w-full items-center justify-center rounded-lg bg-brand-700 text-lg font-semibold text-white"
          >
            Continue to pay {amount}
          </a>
        </>
      ) : (
        <form method="post" className="mt-2">
          <p className="text-sm">
            {instalment
              ? `You pay ${formatCents(balance.priceCents)} by a payment plan (below, on the receipt): ${amount} is due now.`
              : kept > 0
                ? `You paid ${formatCents(kept)} of ${formatCents(balance.priceCents)}: ${amount} is left to pay.`
                : `The final price is ${amount}.`}{" "}
            Pay it by card on a secure page.
          </p>
          <input type="hidden" name="intent" value="pay" />
          <button
            type="submit"
            className="mt-3 h-14 w-full rounded-lg bg-brand-700 text-lg font-semibold text-white"
          >
            Pay {amount} by card
          </button>
        </form>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LinkGone
      error={error}
      heading="This link is not valid any more"
      reasons="It may have expired, or been mistyped or cut short."
      callFor="Call us about your visit:"
    />
  );
}
