import type * as React from "react";
import { Link as RouterLink, NavLink as RouterNavLink } from "react-router";

/**
 * React Router's links, finding their route when clicked (`discover="none"`) rather than
 * all at once after the page loads. That eager lookup fetches /__manifest for every link
 * on the page and then re-renders the whole page, on every page view; most visitors call
 * instead of browsing, and a click costs one small request more. It would also make React
 * render the parts of a page it does not hydrate (deferred.tsx).
 */
export function Link(props: React.ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: React.ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}
