import { MapPin, Phone } from "lucide-react";
import { buttonVariants } from "~/components/ui/button-variants";
import { formatDateTime } from "~/lib/format";
import { mapSearchUrl } from "~/lib/dispatch/map-search";
import { formatCents } from "~/lib/money/money";
import { formatPhone, phoneHref } from "~/lib/phone";

export interface JobDetailsView {
  customerName: string;
  customerPhone: string;
  address: string | null;
  zip: string | null;
  service: string;
  details: string | null;
  code: string | null;
  codeExpiresAt: string;
  job: { status: string; finalPriceCents: number | null; theirCutCents: number | null } | null;
}

/** Who, where and what, with the two things a locksmith taps: call and map. */
export function JobDetails({ job }: { job: JobDetailsView }) {
  const where = [job.address, job.zip].filter(Boolean).join(", ");
  return (
    <section aria-labelledby="job-details" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="job-details" className="sr-only">
        The job
      </h2>
      <dl className="grid gap-3 text-base">
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Service</dt>
          <dd className="font-semibold">{job.service}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Customer</dt>
          <dd className="font-semibold">{job.customerName}</dd>
          <dd className="mt-2">
            <a
              href={phoneHref(job.customerPhone)}
              className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
            >
              <Phone aria-hidden="true" />
              Call {formatPhone(job.customerPhone)}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Where</dt>
          <dd className="font-semibold">{where || "No address given: call the customer."}</dd>
          {where && (
            <dd className="mt-2">
              <a
                href={mapSearchUrl(where)}
                target="_blank"
                rel="noreferrer noopener"
                className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
              >
                <MapPin aria-hidden="true" />
                Open in maps
              </a>
            </dd>
          )}
        </div>
        {job.details && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Notes</dt>
            <dd className="whitespace-pre-line">{job.details}</dd>
          </div>
        )}
        {job.code && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Dispatch code</dt>
            <dd>
              <span className="font-mono text-lg font-bold tracking-widest">{job.code}</span>{" "}
              <span className="text-sm text-muted-foreground">
                valid until {formatDateTime(job.codeExpiresAt)}
              </span>
            </dd>
          </div>
        )}
        {job.job?.finalPriceCents != null && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Final price</dt>
            <dd className="font-semibold">
              {formatCents(job.job.finalPriceCents)}
              {job.job.theirCutCents != null && (
                <span className="font-normal text-muted-foreground">
                  {" "}
                  · your cut {formatCents(job.job.theirCutCents)}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
