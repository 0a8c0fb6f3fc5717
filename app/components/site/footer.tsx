import { featuredAreas } from "~/content/featured-areas";
import { mainServiceSlugs, servicePath, serviceTitles } from "~/content/site-index";
import { cityPath } from "~/lib/site/area-paths";
import { NAV_LINKS } from "./header";
import { Icon } from "./icon";
import { Container } from "./section";
import { useBusiness } from "./use-business";
import { Link } from "./link";

const footerLink = "text-slate-300 hover:text-white hover:underline";

export function SiteFooter() {
  const business = useBusiness();
  return (
    <footer className="bg-brand-950 text-sm text-slate-300">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="text-base font-semibold text-white">Quick Links</h2>
          <ul className="mt-4 space-y-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link className={footerLink} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Services</h2>
          <ul className="mt-4 space-y-2">
            {mainServiceSlugs.map((slug) => (
              <li key={slug}>
                <Link className={footerLink} to={servicePath(slug)}>
                  {serviceTitles[slug]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Featured Areas</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2">
            {featuredAreas.map((area) => (
              <li key={area.slug}>
                <Link className={footerLink} to={cityPath(area.slug)}>
                  {area.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">Contact</h2>
          <ul className="mt-4 space-y-3">
            <li className="flex items-center gap-2">
              <Icon name="phone" className="size-4 text-accent-400" aria-hidden="true" />
              <a className={footerLink} href={business.phoneHref}>
                {business.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="map-pin" className="size-4 text-accent-400" aria-hidden="true" />
              <span>{business.city}</span>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="mail" className="size-4 text-accent-400" aria-hidden="true" />
              <a className={footerLink} href={`mailto:${business.email}`}>
                {business.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="clock" className="size-4 text-accent-400" aria-hidden="true" />
              <span>Open 24 hours, 7 days a week</span>
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-3 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {business.name}. All rights reserved.
            {business.license && <span className="block">{business.license}</span>}
          </p>
          <ul className="flex gap-6">
            <li>
              <Link className={footerLink} to="/privacy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/terms">
                Terms of Service
              </Link>
            </li>
          </ul>
        </Container>
      </div>
    </footer>
  );
}
