import type { BusinessContact } from "~/content/business";
import type { EndReason } from "~/lib/dispatch/assignment-machine";

/** What an ended job link says: why, that nobody should go, and the office's number. */
const ENDED: Record<EndReason, { heading: string; body: string }> = {
  refused: {
    heading: "You refused this opening: no proof",
    body: "Nothing more to do here. The office has been told; the job ends unpaid.",
  },
  reassigned: {
    heading: "This job was given to another locksmith",
    body: "You do not need to go. The office will call you if they need you.",
  },
  cancelled: {
    heading: "This job was cancelled",
    body: "You do not need to go.",
  },
  closed: {
    heading: "The office closed this job",
    body: "You do not need to go: it is taken care of.",
  },
  taken_back: {
    heading: "The office took this job back",
    body: "You do not need to go. The office will call you if they need you.",
  },
  declined: {
    heading: "You declined this job",
    body: "Thank you for saying so. The office will send someone else.",
  },
  expired: {
    heading: "This offer has expired",
    body: "It was not accepted in time, and the office is handling it.",
  },
};

export function JobEnded({
  reason,
  service,
  business,
}: {
  reason: EndReason | null;
  service: string;
  business: BusinessContact;
}) {
  const ended = ENDED[reason ?? "closed"];
  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight">{ended.heading}</h1>
      <p className="mt-3">
        {service}. {ended.body}
      </p>
      <p className="mt-4">
        <a
          href={business.phoneHref}
          className="inline-flex h-14 w-full items-center justify-center rounded-lg bg-brand-700 text-lg font-semibold text-white"
        >
          Call the office: {business.phone}
        </a>
      </p>
    </>
  );
}
