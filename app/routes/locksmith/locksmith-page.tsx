import { data, Form, useActionData } from "react-router";
import { LinkGone, useRootBusiness } from "~/components/link-page/link-gone";
import { LinkPageNotices } from "~/components/link-page/link-page-notices";
import { LinkPageShell } from "~/components/link-page/link-page-shell";
import { doneNotice } from "~/lib/site/done-notice";
import { sinceText } from "~/lib/dispatch/ranking";
import { servicesContext } from "~/server/route-helpers/context.server";
import { readLocksmithPage } from "~/server/locksmiths/locksmith-roster.server";
import type { Route } from "./+types/locksmith-page";
import {
  handleLocksmithPageAction,
  LOCKSMITH_PAGE_DONE,
  LOCKSMITH_PAGE_HEADERS,
  notFoundPage,
} from "./locksmith-actions.server";
import { revalidateAfterPosts } from "~/lib/revalidate-after-posts";
import { OfferDeadline } from "~/components/link-page/offer-deadline";
import { formatTime } from "~/lib/format";
import { DEFAULT_SHIFT_HOURS, SHIFT_HOURS, shiftLabel } from "~/lib/locksmiths/shift";
import type { PageHandle } from "~/lib/site/page-handle";
import { VISIT_VERSION_HEADER, visitVersion } from "~/lib/site/visit-live";

/*
 * /l/:token — the locksmith's own page, from the personal link the office texts them: no
 * sign-in (the link is the key), made for a phone, every action a plain POST. They say
 * whether they can take jobs (Available for a shift they choose, or Off) and open the pages
 * of their offers and open jobs. No React in the browser: the visit-live island reloads the
 * page when an offer comes or goes (decision 0057), the countdown island counts each
 * offer's time down.
 */

export const handle: PageHandle = { hydrate: false, islands: ["visit-live", "countdown"] };

const JOB_STATES = {
  offered: "Offered to you",
  accepted: "Accepted",
  on_the_way: "On the way",
  arrived: "On site",
} as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const now = new Date();
  const page = await readLocksmithPage(database.db, params.token, now);
  if (!page) notFoundPage();
  // What the page shows that can change without this locksmith: an offer, a job, the shift.
  const version = visitVersion({
    presence: page.presence,
    until: page.availableUntil,
    jobs: page.jobs.map((job) => [job.assignmentId, job.state, job.answerBy]),
  });
  return data(
    {
      name: page.name,
      presence: page.presence,
      since: sinceText(page.presenceChangedAt, now),
      until: page.availableUntil && formatTime(page.availableUntil),
      now: now.toISOString(),
      version,
      jobs: page.jobs.map((job) => ({
        ...job,
        since: sinceText(job.since, now),
        answerBy: job.answerBy?.toISOString() ?? null,
      })),
      done: doneNotice(request, LOCKSMITH_PAGE_DONE),
    },
    { headers: { [VISIT_VERSION_HEADER]: version } },
  );
}

export const shouldRevalidate = revalidateAfterPosts;

export async function action({ params, request, context }: Route.ActionArgs) {
  const { database } = context.get(servicesContext);
  return handleLocksmithPageAction(request, params.token, database.db);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  ...LOCKSMITH_PAGE_HEADERS,
  [VISIT_VERSION_HEADER]: loaderHeaders.get(VISIT_VERSION_HEADER) ?? "",
});

export const meta: Route.MetaFunction = () => [
  { title: "Your page" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function LocksmithPage({ loaderData: page }: Route.ComponentProps) {
  const business = useRootBusiness();
  const answer = useActionData<typeof action>();
  const formError =
    answer && typeof answer === "object" && "formError" in answer ? answer.formError : undefined;
  const available = page.presence === "available";
  return (
    <LinkPageShell business={business}>
      <p className="text-sm font-medium text-muted-foreground">{page.name}</p>
      <div data-island="visit-live" data-version={page.version} hidden />
      <h1 className="text-2xl font-extrabold tracking-tight">
        {available ? "You are Available" : "You are Off"}
      </h1>
      <p className="mt-1 text-muted-foreground">
        Since {page.since}
        {page.until ? `, until ${page.until}` : ""}.
      </p>
      <LinkPageNotices done={page.done} answered={Boolean(answer)} formError={formError} />
      <Form method="post" className="mt-4 grid grid-cols-2 gap-3">
        <input type="hidden" name="intent" value="presence" />
        <label className="col-span-2 grid gap-1 text-sm font-medium">
          {available ? "Stay Available for" : "Available for"}
          <select
            name="hours"
            defaultValue={String(DEFAULT_SHIFT_HOURS)}
            className="h-12 rounded-lg border-2 border-slate-400 bg-white px-3 text-base"
          >
            {SHIFT_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {shiftLabel(hours)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          name="presence"
          value="available"
          aria-pressed={available}
          className="h-14 rounded-lg border-2 border-emerald-700 text-lg font-semibold aria-pressed:bg-emerald-700 aria-pressed:text-white"
        >
          Available
        </button>
        <button
          type="submit"
          name="presence"
          value="off"
          aria-pressed={!available}
          className="h-14 rounded-lg border-2 border-slate-700 text-lg font-semibold aria-pressed:bg-slate-700 aria-pressed:text-white"
        >
          Off
        </button>
      </Form>
      <h2 className="mt-6 text-lg font-bold">Your open jobs</h2>
      {page.jobs.length === 0 ? (
        <p className="mt-2 text-muted-foreground">None right now.</p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {page.jobs.map((job) => (
            <li key={job.assignmentId} className="rounded-lg bg-white p-3 shadow-sm">
              <p className="font-semibold">
                {job.service}
                {job.zip ? ` in ${job.zip}` : ""}
              </p>
              <p className="text-sm text-muted-foreground">
                {JOB_STATES[job.state]} · since {job.since}
              </p>
              {job.answerBy && <OfferDeadline answerBy={job.answerBy} now={page.now} />}
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="open" />
                <input type="hidden" name="assignmentId" value={job.assignmentId} />
                <button
                  type="submit"
                  className="inline-flex h-12 w-full items-center justify-center rounded-lg bg-brand-700 font-semibold text-white"
                >
                  {job.answerBy ? "Open the offer" : "Open the job page"}
                  <span className="sr-only">
                    {" "}
                    for {job.service}
                    {job.zip ? ` in ${job.zip}` : ""}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </LinkPageShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LinkGone
      error={error}
      heading="This link is not valid"
      reasons="It may have been mistyped, cut short, or replaced by a newer one."
      callFor="Call the office for a new one:"
    />
  );
}
