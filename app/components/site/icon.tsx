import type * as React from "react";
// A file, never a data: URL (<use> does not follow those): one cached request per visit.
import sprite from "./icons.svg?no-inline";

import type { IconName } from "~/content/icon-names";

export type { IconName };

interface IconProps extends React.SVGProps<SVGSVGElement> {
  name: IconName;
}

/**
 * A Lucide icon drawn from the sprite (icons.svg). The public pages show a hundred icons;
 * as <use> references they cost no JavaScript each, and two elements instead of a whole
 * path list. Same look as lucide-react: 24px grid, 2px round stroke in the text colour.
 * Decorative by default: give `aria-hidden="true"`, or `role="img"` and an `aria-label`.
 */
export function Icon({ name, ...props }: IconProps) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
