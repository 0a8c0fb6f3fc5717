import { cn } from "~/lib/utils";
import { Icon } from "./icon";

/** A list whose every item is ticked: promises, features, what a service includes. */
export function CheckList({
  items,
  className,
  itemClassName,
}: {
  items: readonly string[];
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={cn("flex items-start gap-2", itemClassName)}>
          <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
