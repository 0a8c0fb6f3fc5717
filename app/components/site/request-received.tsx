import { clsx } from "clsx";
import { buttonVariants } from "~/components/ui/button-variants";
import { REQUEST_SERVICE_LABELS } from "~/lib/leads/service-request";
import { Icon } from "./icon";
import { useBusiness } from "./use-business";

interface RequestReceivedProps {
  serviceType: string;
  zip: string;
  outsideArea: boolean;
  /** The service's usual range from the office's price list. */
  price?: string;
}

/** What happens next, shown in place (with JavaScript) or on /request/thanks (without). */
export function RequestReceived({ serviceType, zip, outsideArea, price }: RequestReceivedProps) {
  const business = useBusiness();
  const label =
    REQUEST_SERVICE_LABELS[serviceType as keyof typeof REQUEST_SERVICE_LABELS] ??
    "Locksmith service";
  return (
    <div
      role="status"
      data-part="receipt"
      tabIndex={-1}
      className="rounded-xl border border-green-200 bg-green-50 p-6 text-green-950"
    >
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Icon name="circle-check" className="size-6 text-green-700" aria-hidden="true" />
        Request received
      </h2>
      <p className="mt-2">
        {label} in {zip}.{" "}
        {outsideArea
          ? "That ZIP code is outside the areas we list, so we'll check which locksmith can reach you."
          : "A locksmith near you can be on the way soon."}
      </p>
      {price && (
        <p className="mt-2">
          {label} usually costs <strong>{price}</strong>. The locksmith quotes on site, and you
          approve the price before any work starts.
        </p>
      )}
      <h3 className="mt-5 font-semibold">What happens next</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>
          We find the nearest available licensed locksmith. If you asked for text updates, we text
          you their name as soon as one accepts, with a page to follow the visit.
        </li>
        <li>The locksmith quotes the price on site: no work starts until you approve it.</li>
        <li>You pay only when the job is done: cash or card.</li>
      </ol>
      <p className="mt-5 font-semibold">Can't wait? Call now:</p>
      <a href={business.phoneHref} className={clsx(buttonVariants({ size: "lg" }), "mt-2")}>
        <Icon name="phone" aria-hidden="true" />
        Call {business.phone}
      </a>
    </div>
  );
}
