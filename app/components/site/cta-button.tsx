import { MessageSquare, Phone } from "lucide-react";
import type { Cta } from "~/content/types";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useBusiness } from "./use-business";

interface CtaButtonProps extends Omit<ButtonProps, "asChild" | "children"> {
  cta: Cta;
}

/**
 * Every call-to-action does something real: call and request open the dialer
 * (the request form arrives in a later release), text opens the messaging app.
 */
export function CtaButton({ cta, ...buttonProps }: CtaButtonProps) {
  const business = useBusiness();
  const href = cta.action === "sms" ? business.smsHref : business.phoneHref;
  const Icon = cta.action === "sms" ? MessageSquare : Phone;
  return (
    <Button asChild {...buttonProps}>
      <a href={href}>
        <Icon aria-hidden="true" />
        {cta.label}
      </a>
    </Button>
  );
}

/** "Call (312) 555-0147": the page's main action. */
export function CallButton({
  label,
  ...buttonProps
}: Omit<ButtonProps, "asChild" | "children"> & { label?: string }) {
  const business = useBusiness();
  return (
    <Button asChild {...buttonProps}>
      <a href={business.phoneHref}>
        <Phone aria-hidden="true" />
        {label ?? `Call ${business.phone}`}
      </a>
    </Button>
  );
}
