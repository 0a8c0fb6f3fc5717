import { cn } from "~/lib/utils";
import { Icon, type IconName } from "./icon";

export interface TrustPoint {
  icon: IconName;
  text: string;
}

/** The short claims under a dark hero, each with its icon. */
export function TrustPoints({
  points,
  className,
}: {
  points: readonly TrustPoint[];
  className?: string;
}) {
  return (
    <ul className={cn("mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300", className)}>
      {points.map((point) => (
        <li key={point.text} className="flex items-center gap-2">
          <Icon name={point.icon} className="size-4 text-accent-300" aria-hidden="true" />
          {point.text}
        </li>
      ))}
    </ul>
  );
}
