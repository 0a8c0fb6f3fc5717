import { useId } from "react";
import type { FaqItem } from "~/content/types";
import { Icon } from "./icon";

/**
 * Native exclusive accordion: details elements sharing a name keep at most one open,
 * an open one closes on a second click, and it all works without JavaScript.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const group = useId();
  return (
    <div className="mx-auto max-w-3xl divide-y divide-border rounded-xl border border-border bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} name={group} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-slate-50">
            <span>{item.question}</span>
            <Icon
              name="chevron-down"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
              aria-hidden="true"
            />
          </summary>
          <p className="px-5 pb-5 text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
