import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A wide table that scrolls sideways inside its own region, never widening the page: the
 * region is focusable so a keyboard can scroll it on a phone (axe scrollable-region-focusable).
 * w-0 min-w-full keeps it within its column; relative keeps its screen-reader-only texts inside.
 */
export function ScrollTable({
  title,
  caption,
  className,
  children,
}: {
  title: string;
  /** What the caption says after the title. */
  caption: string;
  className?: string;
  /** The table's head and body. */
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={`${title} (scrolls sideways)`}
      tabIndex={0}
      className={cn(
        "relative w-0 min-w-full overflow-x-auto rounded-lg border border-border bg-white",
        className,
      )}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          {title}; {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
