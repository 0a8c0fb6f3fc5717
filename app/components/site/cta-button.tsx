import { clsx } from "clsx";
import { useLocation } from "react-router";
import type { VariantProps } from "class-variance-authority";
import { buttonVariants } from "~/components/ui/button-variants";
import type { Cta } from "~/content/types";
import { requestContextFromPath, requestPath } from "~/lib/leads/service-request";
import { Icon } from "./icon";
import { Link } from "./link";
import { useBusiness } from "./use-business";
import { TEXT_FOR_SERVICE } from "~/content/ctas";

type LinkButtonProps = VariantProps<typeof buttonVariants> & {
  /** Layout only (margins, width): never a class the variant or size sets. */
  className?: string;
};

/**
 * Every call-to-action does something real: call opens the dialer, text the messaging app,
 * and request/quote/schedule buttons the request form with this page's service or area.
 * A plain link styled as a button: no Button component (and no Radix Slot) needed.
 */
export function CtaButton({ cta, variant, size, className }: LinkButtonProps & { cta: Cta }) {
  const business = useBusiness();
  const { pathname } = useLocation();
  if (cta.action === "request") {
    return (
      <Link
        to={requestPath(requestContextFromPath(pathname))}
        className={clsx(buttonVariants({ variant, size }), className)}
      >
        <Icon name="clipboard-check" aria-hidden="true" />
        {cta.label}
      </Link>
    );
  }
  const sms = cta.action === "sms";
  return (
    <a
      href={sms ? business.smsHref : business.phoneHref}
      className={clsx(buttonVariants({ variant, size }), className)}
    >
      <Icon name={sms ? "message-square" : "phone"} aria-hidden="true" />
      {cta.label}
    </a>
  );
}

/** "Call (312) 555-0147": the page's main action. */
export function CallButton({
  label,
  variant,
  size,
  className,
}: LinkButtonProps & { label?: string }) {
  const business = useBusiness();
  return (
    <a href={business.phoneHref} className={clsx(buttonVariants({ variant, size }), className)}>
      <Icon name="phone" aria-hidden="true" />
      {label ?? `Call ${business.phone}`}
    </a>
  );
}

/** A dark hero's actions: Call first and loudest, Text for Service, then `more`. */
export function HeroActions({ more = [] }: { more?: readonly Cta[] }) {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row">
      <CallButton size="lg" variant="accent" />
      {[TEXT_FOR_SERVICE, ...more].map((cta) => (
        <CtaButton key={cta.label} cta={cta} size="lg" variant="outline-light" />
      ))}
    </div>
  );
}
