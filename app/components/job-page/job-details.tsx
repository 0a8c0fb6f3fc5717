import { MapPin, Phone } from "lucide-react";
import { Form } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import type { JobCustomer } from "~/lib/dispatch/job-link";
import { mapSearchUrl } from "~/lib/dispatch/map-search";
import { formatCents } from "~/lib/money/money";
import { formatPhone, phoneHref } from "~/lib/phone";

export interface JobDetailsView {
  service: string;
  /** Who and where; null once the page no longer shows them. */
  customer: JobCustomer | null;
  code: string | null;
  job: { status: string; finalPriceCents: number | null; theirCutCents: number | null } | null;
}

/** Who, where and what, with the two things a locksmith taps: call and map. */
export function JobDetails({ job }: { job: JobDetailsView }) {
  const customer = job.customer;
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
        {customer && <CustomerDetails customer={customer} />}
        {job.code && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Dispatch code</dt>
            <dd>
              <span className="font-mono text-lg font-bold tracking-widest">{job.code}</span>
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

function CustomerDetails({ customer }: { customer: NonNullable<JobDetailsView["customer"]> }) {
  const where = [customer.address, customer.zip].filter(Boolean).join(", ");
  return (
    <>
      <div>
        <dt className="text-sm font-medium text-muted-foreground">Customer</dt>
        <dd className="font-semibold">{customer.name}</dd>
        <dd className="mt-2">
          {customer.phone ? (
            <a
              href={phoneHref(customer.phone)}
              className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
            >
              <Phone aria-hidden="true" />
              Call {formatPhone(customer.phone)}
            </a>
          ) : (
            // A masked call: we ring the locksmith, then bridge to the customer (issue 50).
            <Form method="post" replace>
              <input type="hidden" name="intent" value="call_customer" />
              <button
                type="submit"
                className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
              >
                <Phone aria-hidden="true" />
                Call the customer
              </button>
            </Form>
          )}
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
      {customer.details && (
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Notes</dt>
          <dd className="whitespace-pre-line">{customer.details}</dd>
        </div>
      )}
    </>
  );
}
