import {
  Children,
  cloneElement,
  isValidElement,
  useContext,
  useMemo,
  type ReactElement,
  type ReactNode,
} from "react";
import { Scripts, UNSAFE_FrameworkContext, useMatches } from "react-router";
import { routesUnder, SECTION_ROUTES_ID } from "~/lib/route-manifest";

/** Every <link rel="modulepreload"> in a tree, marked low priority; the rest as it is. */
function withLowPriorityPreloads(node: ReactNode): ReactNode {
  if (!isValidElement<{ rel?: string; children?: ReactNode }>(node)) return node;
  if (node.type === "link" && node.props.rel === "modulepreload") {
    return cloneElement(node as ReactElement<{ fetchPriority?: string }>, {
      fetchPriority: "low",
    });
  }
  if (node.props.children === undefined || node.type === "script") return node;
  return cloneElement(
    node,
    {},
    ...Children.toArray(node.props.children).map(withLowPriorityPreloads),
  );
}

/**
 * React Router's <Scripts> (the hydration data and the page's modules), with the modules'
 * preloads at low fetch priority, as React marks its own bootstrap modules' preloads
 * (decision 0040). The page is complete HTML and these modules never block its paint; at
 * the default (high) priority Lighthouse's simulation counted every one that had arrived
 * before the observed first paint as blocking it, and the same page's first contentful
 * paint came out 0.9 s or 2.7 s from run to run.
 *
 * Scripts is called as a function so its output can be marked: it only reads contexts and
 * memoizes, the same hooks in the same order on every render.
 */
export function HydrationScripts() {
  return (
    <>
      {withLowPriorityPreloads(Scripts({}))}
      <SectionRoutes />
    </>
  );
}

/**
 * Every route of the page's section, as JSON in an inert element's attribute (React escapes
 * it; nothing runs it): entry.client.tsx adds them to React Router's manifest before
 * hydrating (lib/route-manifest.ts). The browser renders the same list from the manifest
 * it then has, so hydration finds the same attribute.
 */
function SectionRoutes() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const section = useMatches()[1]?.id;
  const routes = framework?.manifest.routes;
  const json = useMemo(() => {
    if (!routes || !section) return "";
    const below = routesUnder(routes, section);
    return below.length > 0 ? JSON.stringify(below) : "";
  }, [routes, section]);
  if (!json) return null;
  return <template id={SECTION_ROUTES_ID} data-routes={json} />;
}
