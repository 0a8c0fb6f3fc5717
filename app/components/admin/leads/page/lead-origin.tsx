import { Link } from "react-router";
import { shortId } from "~/lib/format";
import { formatPhone } from "~/lib/phone";

/** Where a lead came from (decision 0039): null where it is not known. */
export interface LeadOrigin {
  sourceName?: string | null;
  landingPage?: string | null;
  referrerHost?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmTerm?: string | null;
  utmContent?: string | null;
  gclid?: string | null;
  requestPage?: string | null;
  calledNumber?: string | null;
  /** A guarantee call-back: the completed job it is under (issue 45). */
  guaranteeJobId?: string | null;
}

/**
 * The lead's source, and what else is known of its first touch, as rows of the summary's
 * list: the source always ("Not known" when nothing says), the rest only when recorded.
 */
export function LeadOriginRows({ lead }: { lead: LeadOrigin }) {
  const campaign = [
    ["utm_source", lead.utmSource],
    ["utm_medium", lead.utmMedium],
    ["utm_campaign", lead.utmCampaign],
    ["utm_term", lead.utmTerm],
    ["utm_content", lead.utmContent],
    ["gclid", lead.gclid],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));
  const rows: [string, string][] = [
    ["Landing page", lead.landingPage ?? ""],
    ["Referred by", lead.referrerHost ?? ""],
    ["Sent from", lead.requestPage ?? ""],
    ["Number called", lead.calledNumber ? formatPhone(lead.calledNumber) : ""],
    ["Campaign", campaign.map(([key, value]) => `${key}=${value}`).join(" · ")],
  ];
  return (
    <>
      <dt className="font-medium text-muted-foreground">Source</dt>
      <dd data-testid="lead-source">
        {lead.sourceName ?? <span className="text-muted-foreground">Not known</span>}
      </dd>
      {lead.guaranteeJobId && (
        <>
          <dt className="font-medium text-muted-foreground">Under the guarantee of</dt>
          <dd>
            <Link
              to={`/admin/jobs?q=${shortId(lead.guaranteeJobId)}`}
              className="font-medium text-brand-700 underline"
              data-testid="guarantee-job"
            >
              Job {shortId(lead.guaranteeJobId)}
            </Link>{" "}
            <span className="text-muted-foreground">
              (its work is free unless a quote says why)
            </span>
          </dd>
        </>
      )}
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
    </>
  );
}
