import { KeyRound, Menu, Phone, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { Container } from "./section";
import { useBusiness } from "./use-business";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/service-areas", label: "Service Areas" },
  { to: "/about", label: "About" },
] as const;

export function SiteHeader() {
  const business = useBusiness();
  return (
    <header className="bg-brand-950/95 supports-[backdrop-filter]:bg-brand-950/85 sticky top-0 z-40 border-b border-white/10 text-white backdrop-blur">
      <Container className="flex h-16 items-center gap-4">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-bold tracking-tight"
          aria-label={`${business.name}, home`}
        >
          <span className="bg-accent-400 text-brand-950 grid size-9 place-items-center rounded-lg">
            <KeyRound className="size-5" aria-hidden="true" />
          </span>
          <span className="text-base whitespace-nowrap sm:text-lg">{business.name}</span>
        </Link>
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white",
                      isActive && "bg-white/10 text-white",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="accent" className="hidden sm:inline-flex">
            <a href={business.phoneHref}>
              <Phone aria-hidden="true" />
              {business.phone}
            </a>
          </Button>
          <Button asChild variant="accent" size="sm" className="sm:hidden">
            <a href={business.phoneHref} aria-label={`Call ${business.phone}`}>
              <Phone aria-hidden="true" />
              Call
            </a>
          </Button>
          <MobileMenu />
        </div>
      </Container>
    </header>
  );
}

/**
 * A disclosure, so the menu opens without JavaScript too; with it, choosing a link
 * (any navigation) closes it.
 */
function MobileMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const business = useBusiness();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <details ref={menu} className="group md:hidden">
      <summary
        className="grid size-10 cursor-pointer list-none place-items-center rounded-lg text-white hover:bg-white/10"
        aria-label="Menu"
      >
        <Menu className="size-6 group-open:hidden" aria-hidden="true" />
        <X className="hidden size-6 group-open:block" aria-hidden="true" />
      </summary>
      <nav
        aria-label="Mobile"
        className="bg-brand-950 absolute inset-x-0 top-16 border-b border-white/10 px-4 pt-2 pb-6 shadow-xl"
      >
        <ul className="flex flex-col">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                onClick={() => menu.current?.removeAttribute("open")}
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-3 text-base font-medium text-slate-100 hover:bg-white/10",
                    isActive && "bg-white/10 text-white",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Button asChild variant="accent" size="lg" className="mt-4 w-full">
          <a href={business.phoneHref}>
            <Phone aria-hidden="true" />
            Call {business.phone}
          </a>
        </Button>
      </nav>
    </details>
  );
}
