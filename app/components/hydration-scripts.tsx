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

/** The id of React Router's bootstrap module while it waits for the page's first frame. */
const WAITING_MODULE_ID = "page-modules";
const WAITING_MODULE_TYPE = "text/x-waiting-module";

/**
 * Once the page is parsed and has had its first frame (at once in a hidden tab, which paints
 * none): preloads the page's modules and starts the waiting bootstrap module, as a module
 * script with this script's nonce. The page must be parsed first: a frame can come mid-parse,
 * and the entry reads the section's routes from the page's end. Plain text: React does not
 * escape a script's children; the module URLs are the build's, JSON with `<` escaped.
 */
function startAfterFirstFrame(preloads: string[]): string {
  const urls = JSON.stringify(preloads).replace(/</g, "\\u003c");
  return `(function(s,p){function go(){p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});var w=document.getElementById("${WAITING_MODULE_ID}"),m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=w.textContent;document.head.appendChild(m)}function start(){document.visibilityState==="hidden"?go():requestAnimationFrame(function(){setTimeout(go,0)})}document.readyState==="loading"?document.addEventListener("DOMContentLoaded",start):start()})(document.currentScript,${urls})`;
}

type ScriptsNode = { rel?: string; href?: string; type?: string; children?: ReactNode };

/** The tree with `visit`'s answer in place of each element it answers for; the others looked inside. */
function mapTree(
  node: ReactNode,
  visit: (element: ReactElement<ScriptsNode>) => ReactNode | undefined,
): ReactNode {
  if (!isValidElement<ScriptsNode>(node)) return node;
  const answer = visit(node);
  if (answer !== undefined) return answer;
  if (node.props.children === undefined || node.type === "script") return node;
  return cloneElement(
    node,
    {},
    ...Children.toArray(node.props.children).map((child) => mapTree(child, visit)),
  );
}

/**
 * React Router's <Scripts> output with the page's modules held back until the page has had its
 * first frame: its `<link rel="modulepreload">`s left out, its inline bootstrap module made
 * inert, and a small script that adds both back after that frame. The hydration data, in plain
 * scripts, is as it was.
 */
function afterFirstFrame(scripts: ReactNode): ReactNode {
  const preloads: string[] = [];
  const withoutPreloads = mapTree(scripts, (element) => {
    if (element.type !== "link" || element.props.rel !== "modulepreload") return undefined;
    if (element.props.href) preloads.push(element.props.href);
    return null;
  });
  return mapTree(withoutPreloads, (element) => {
    if (element.type !== "script" || element.props.type !== "module") return undefined;
    const { nonce } = element.props as { nonce?: string };
    return (
      <>
        {cloneElement(element as ReactElement<{ id?: string; type?: string }>, {
          id: WAITING_MODULE_ID,
          type: WAITING_MODULE_TYPE,
        })}
        <script nonce={nonce}>{startAfterFirstFrame(preloads)}</script>
      </>
    );
  });
}

/**
 * React Router's <Scripts> (the hydration data and the page's modules), arranged so that the
 * browser paints the server's page before it fetches or runs any of the page's modules
 * (decision 0040, sixth round). The page is complete HTML, and works without them.
 *
 * - An inline module runs as soon as its imports have arrived, and from the cache (a second
 *   visit, the service worker) that was before the first paint: the page's modules evaluated
 *   (about 180 ms at a phone's speed) while the screen stayed blank.
 * - Modules fetched before the first paint, at any priority, counted in Lighthouse's simulated
 *   largest contentful paint as if the paint had waited for them: 2.4-2.8 s for a paint
 *   observed at 0.3 s, on most screens, decided by whether the local server had sent them
 *   before Chromium painted.
 *
 * Scripts is called as a function so its output can be changed: it only reads contexts and
 * memoizes, the same hooks in the same order on every render.
 */
export function HydrationScripts() {
  return (
    <>
      {afterFirstFrame(Scripts({}))}
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
