import { clsx } from "clsx";
import type { VariantProps } from "class-variance-authority";
import { buttonVariants } from "~/components/ui/button-variants";
import type { Cta } from "~/content/types";
import { Icon } from "./icon";
import { useBusiness } from "./use-business";

type LinkButtonProps = VariantProps<typeof buttonVariants> & {
  /** Layout only (margins, width): never a class the variant or size sets. */
  className?: string;
};

/**
 * Every call-to-action does something real: call and request open the dialer
 * (the request form arrives in a later release), text opens the messaging app.
 * A plain link styled as a button: no Button component (and no Radix Slot) needed.
 */
export function CtaButton({ cta, variant, size, className }: LinkButtonProps & { cta: Cta }) {
  const business = useBusiness();
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
