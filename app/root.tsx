import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import { useHydratedMark } from "./components/hydrated-mark";
import { ConnectionLost } from "./components/admin/connection-lost";
import { IslandScripts } from "./components/site/island-scripts";
import { Stylesheet } from "./components/site/stylesheet";
import { isConnectionFailure, isDatabaseUnavailable } from "./lib/admin/connection-failure";
import { REQUEST } from "./lib/ui-text-shell";
import { pageScripts } from "./lib/site/page-handle";
import { SPECULATION_RULES } from "./lib/site/speculation-rules";
import { adoptChicagoOffsets, chicagoOffsetsAround } from "./lib/time/chicago-clock";
import { businessContact } from "./server/business.server";
import { servicesContext } from "./server/route-helpers/context.server";
import { databaseOutagePage } from "./server/route-helpers/database-outage.server";

/**
 * Every route, public and admin, page or resource, GET or POST: a failure while the database
 * is away answers 503 with Retry-After and a page in words (decision 0037).
 */
export const middleware: Route.MiddlewareFunction[] = [databaseOutagePage];

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return { business: businessContact(env), chicagoOffsets: chicagoOffsetsAround(Date.now()) };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Back-office pages hydrate React. Public pages (a route handle with `hydrate: false`, see
 * lib/site/page-handle.ts) ship none of it, no router, no hydration data and no nonce: only their
 * islands, and Speculation Rules so the next page's bytes are fetched before it is opened.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const scripts = pageScripts(useMatches().map((match) => match.handle));
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#172554" />
        <Stylesheet />
        <Meta />
        <Links />
        {!scripts.hydrate && <script type="speculationrules">{SPECULATION_RULES}</script>}
      </head>
      <body>
        {children}
        {scripts.hydrate ? (
          <>
            <ScrollRestoration />
            {/* React Router's own scripts, unchanged (decision 0040, rewritten). */}
            <Scripts />
          </>
        ) : (
          <IslandScripts names={scripts.islands} />
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Before any screen below formats a date (parents render first), on the server and as the
  // page hydrates: the phone writes Chicago times from the server's offsets (decision 0079).
  adoptChicagoOffsets(loaderData.chicagoOffsets);
  useHydratedMark();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A page that could not be loaded for want of a connection is not an application error.
  if (isConnectionFailure(error)) return <ConnectionLost />;
  // The server's 503 while the database is away (database-outage.server.ts), to a data
  // request: waited out the same way.
  if (isDatabaseUnavailable(error)) {
    return (
      <ConnectionLost
        title={REQUEST.databaseUnavailableTitle}
        message={REQUEST.databaseUnavailableApp}
      />
    );
  }
  let heading = "Unexpected Application Error!";
  let details = "Something went wrong on our side. Please try again, or call us.";
  if (isRouteErrorResponse(error)) {
    heading = error.status === 404 ? "Page Not Found" : `${error.status} ${error.statusText}`;
    details = typeof error.data === "string" ? error.data : details;
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-muted-foreground">{details}</p>
      <p className="mt-8">
        <a className="font-semibold text-brand-700 underline" href="/">
          Return to Home
        </a>
      </p>
    </main>
  );
}
