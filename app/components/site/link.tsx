import type * as React from "react";

/**
 * A link between public pages: an ordinary <a>. Public pages are documents, not a
 * client-side app (docs/decisions/0018-public-pages-as-fixed-bytes.md); Speculation Rules
 * fetch the next one while the pointer rests on its link.
 */
export function Link({ to, ...props }: Omit<React.ComponentProps<"a">, "href"> & { to: string }) {
  return <a href={to} {...props} />;
}
