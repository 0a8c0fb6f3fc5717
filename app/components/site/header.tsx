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
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={isCurrent(link.to, pathname) ? "page" : undefined}
                  className={clsx(
                    "rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 hover:text-white",
                    isCurrent(link.to, pathname) ? "bg-white/10 text-white" : "text-slate-200",
                  )}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
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
        <ul className="flex flex-col">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={isCurrent(link.to, pathname) ? "page" : undefined}
                className={clsx(
                  "block rounded-md px-3 py-3 text-base font-medium hover:bg-white/10",
                  isCurrent(link.to, pathname) ? "bg-white/10 text-white" : "text-slate-100",
                )}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
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
