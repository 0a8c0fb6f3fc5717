import { Outlet } from "react-router";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { BusinessProvider } from "~/components/site/use-business";
import type { PageHandle } from "~/lib/site/page-handle";

/**
 * Public pages are rendered on the server only: no React runtime in the browser, a few
 * islands instead (docs/decisions/0018-public-pages-as-fixed-bytes.md). Every page of the
 * site fades its blocks in on scroll. A link to the site from a hydrated back-office page
 * must load a document (`reloadDocument`), or React would render the page in the browser
 * without its islands.
 */
export const handle: PageHandle = { hydrate: false, islands: ["reveal", "first-touch"] };

export default function SiteLayout() {
  return (
    <BusinessProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <Breadcrumbs />
      <main id="main" data-island="reveal">
        <Outlet />
      </main>
      <SiteFooter />
    </BusinessProvider>
  );
}
