import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A form label. A plain <label>: Radix's (which only stops a double-click from selecting
 * the text, as `select-none` does here) brought its Slot into every form's first load.
 */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      className={cn(
        "text-sm leading-none font-medium select-none peer-disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
