import { Outlet } from "react-router";
import { Breadcrumbs } from "~/components/site/breadcrumbs";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { BusinessProvider } from "~/components/site/use-business";
import { useRevealOnScroll } from "~/components/site/use-reveal-on-scroll";

export default function SiteLayout() {
  useRevealOnScroll();
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
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </BusinessProvider>
  );
}
