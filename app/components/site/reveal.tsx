import type * as React from "react";
import { revealDelay } from "~/lib/site/reveal";

interface RevealProps extends React.ComponentProps<"div"> {
  /** Position in a row of cards: staggers the fade-in. */
  index?: number;
}

export function Reveal({ index = 0, style, ...props }: RevealProps) {
  return (
    <div
      data-reveal=""
      style={{ ...style, "--reveal-delay": `${revealDelay(index)}ms` } as React.CSSProperties}
      {...props}
    />
  );
}
