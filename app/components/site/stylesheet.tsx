import { createContext, use } from "react";
import href from "~/app.css?url";

/** The built stylesheet's public URL (fingerprinted in production). */
export const stylesheetHref = href;

/**
 * The stylesheet's text, provided by entry.server.tsx on the server only; the client never
 * gets (or needs) it. Null: link the file instead (development, or the file is unreadable).
 */
export const InlineStylesheetContext = createContext<string | null>(null);

/**
 * The site's one stylesheet, inlined into the server-rendered page: the first paint needs
 * no extra request, and no script competes with it. `precedence` makes it a React style
 * resource, which React writes first in <head>. Public pages never hydrate; on a
 * back-office page React finds that <style> by its `data-href` while hydrating and keeps
 * it, so the text is not shipped in JavaScript: the client renders the same resource,
 * empty.
 */
export function Stylesheet() {
  const css = use(InlineStylesheetContext);
  if (typeof window === "undefined" && css === null) {
    return <link rel="stylesheet" href={href} precedence="default" />;
  }
  return (
    <style href={href} precedence="default">
      {css ?? ""}
    </style>
  );
}
