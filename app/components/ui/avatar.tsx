import { cn } from "~/lib/utils";

/** Initials in a circle (no image uploads here). */
export function Avatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white uppercase",
        className,
      )}
    >
      {initials}
    </span>
  );
}
