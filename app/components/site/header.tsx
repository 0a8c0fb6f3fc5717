import { clsx } from "clsx";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { Icon } from "./icon";
import { Container } from "./section";
import { useBusiness } from "./use-business";
import { Link } from "./link";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/service-areas", label: "Service Areas" },
  { to: "/about", label: "About" },
] as const;

const CALL_SIZE = "h-11 px-4";

/** The section a path belongs to: "/services/emergency" is under Services. */
function isCurrent(linkTo: string, pathname: string): boolean {
  return linkTo === "/"
    ? pathname === "/"
    : pathname === linkTo || pathname.startsWith(`${linkTo}/`);
}

export function SiteHeader() {
  const business = useBusiness();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-brand-950/95 text-white backdrop-blur supports-[backdrop-filter]:bg-brand-950/85">
      <Container className="flex h-16 items-center gap-4">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-bold tracking-tight"
          aria-label={`${business.name}, home`}
        >
          <span className="grid size-9 place-items-center rounded-lg bg-accent-400 text-brand-950">
            <Icon name="key-round" className="size-5" aria-hidden="true" />
          </span>
          <span className="text-base whitespace-nowrap sm:text-lg">{business.name}</span>
        </Link>
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <NavLinks
            pathname={pathname}
            className="flex items-center gap-1"
            linkClassName="rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 hover:text-white"
            idleClassName="text-slate-200"
          />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {/* Two forms of one call link, 44 px tall (a thumb's target); the wrappers switch
              them so no class fights another. */}
          <span className="hidden sm:contents">
            <a
              href={business.phoneHref}
              className={buttonVariants({ variant: "accent", size: null, className: CALL_SIZE })}
            >
              <Icon name="phone" aria-hidden="true" />
              {business.phone}
            </a>
          </span>
          <span className="contents sm:hidden">
            <a
              href={business.phoneHref}
              aria-label={`Call ${business.phone}`}
              className={buttonVariants({ variant: "accent", size: null, className: "h-11 px-3" })}
            >
              <Icon name="phone" aria-hidden="true" />
              Call
            </a>
          </span>
          <MobileMenu pathname={pathname} />
        </div>
      </Container>
    </header>
  );
}

/**
 * A disclosure: it opens with no script at all, and choosing a link loads a new page, on
 * which it is closed.
 */
function MobileMenu({ pathname }: { pathname: string }) {
  const business = useBusiness();
  return (
    <details className="group md:hidden">
      <summary
        className="grid size-11 cursor-pointer list-none place-items-center rounded-lg text-white hover:bg-white/10"
        aria-label="Menu"
      >
        <Icon name="menu" className="size-6 group-open:hidden" aria-hidden="true" />
        <Icon name="x" className="hidden size-6 group-open:block" aria-hidden="true" />
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 border-b border-white/10 bg-brand-950 px-4 pt-2 pb-6 shadow-xl"
      >
        <NavLinks
          pathname={pathname}
          className="flex flex-col"
          linkClassName="block rounded-md px-3 py-3 text-base font-medium hover:bg-white/10"
          idleClassName="text-slate-100"
        />
        <a
          href={business.phoneHref}
          className={clsx(buttonVariants({ variant: "accent", size: "lg" }), "mt-4 w-full")}
        >
          <Icon name="phone" aria-hidden="true" />
          Call {business.phone}
        </a>
      </nav>
    </details>
  );
}

interface NavLinksProps {
  pathname: string;
  className: string;
  linkClassName: string;
  /** Colour of a link that is not the current page's (the current one is white on a tint). */
  idleClassName: string;
}

/** The main links, in the header's bar or the mobile menu; the current page is marked. */
function NavLinks({ pathname, className, linkClassName, idleClassName }: NavLinksProps) {
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => {
        const current = isCurrent(link.to, pathname);
        return (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={current ? "page" : undefined}
              className={clsx(linkClassName, current ? "bg-white/10 text-white" : idleClassName)}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
