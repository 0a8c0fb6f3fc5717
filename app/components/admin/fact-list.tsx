import type { ReactNode } from "react";

/**
 * Labelled facts as a two-column description list ("Legal name  Ann Ray"); `children` adds
 * rows of its own (a `dt` and a `dd`) after them.
 */
export function FactList({
  facts,
  children,
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[];
  children?: ReactNode;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
