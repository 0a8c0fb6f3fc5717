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
