import { Phone } from "lucide-react";
import { formatDateTime, shortId } from "~/lib/format";
import { formatPhone, phoneHref } from "~/lib/phone";
import { cn } from "~/lib/utils";

/*
 * Cells more than one list shows the same way.
 */

/**
 * Ids shown as their first 8 characters (docs/spec/back-office.md §9); the whole id is in the
 * tooltip.
 */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs tabular-nums" title={id}>
      {shortId(id)}
    </span>
  );
}

/** "Nov 21, 2026" over "10:23 PM": a date column stays narrow beside the sidebar. */
export function StackedDateTime({ value }: { value: Date | string }) {
  const text = formatDateTime(value);
  const split = text.lastIndexOf(", ");
  if (split < 0) return <>{text}</>;
  return (
    <>
      <span className="block">{text.slice(0, split)}</span>
      <span className="block text-xs text-muted-foreground">{text.slice(split + 2)}</span>
    </>
  );
}

/** A number to call, formatted one way whatever way it was stored. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a
      href={phoneHref(phone)}
      className={cn(
        "inline-flex min-h-6 items-center gap-1.5 text-sm whitespace-nowrap text-brand-700 tabular-nums hover:underline",
        className,
      )}
    >
      <Phone className="size-3.5" aria-hidden="true" />
      {formatPhone(phone)}
    </a>
  );
}
