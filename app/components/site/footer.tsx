import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { featuredAreaSlugs } from "~/content/featured-areas";
import { serviceAreas } from "~/content/service-areas";
import { getService, mainServiceSlugs, servicePath } from "~/content/services";
import { cityPath } from "~/lib/area-paths";
import { NAV_LINKS } from "./header";
import { Container } from "./section";
import { useBusiness } from "./use-business";

const featuredAreas = featuredAreaSlugs.map((slug) => {
  const area = serviceAreas.find((candidate) => candidate.slug === slug);
  if (!area) throw new Error(`Featured area ${slug} is not a service area.`);
  return area;
});

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
                  {getService(slug)?.title}
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
              <Phone className="text-accent-400 size-4" aria-hidden="true" />
              <a className={footerLink} href={business.phoneHref}>
                {business.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="text-accent-400 size-4" aria-hidden="true" />
              <span>{business.city}</span>
            </li>
            <li className="flex items-center gap-2">
              <Mail className="text-accent-400 size-4" aria-hidden="true" />
              <a className={footerLink} href={`mailto:${business.email}`}>
                {business.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Clock className="text-accent-400 size-4" aria-hidden="true" />
              <span>Open 24 hours, 7 days a week</span>
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-3 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {business.name}. All rights reserved.
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
