import { ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { breadcrumbLabel } from "~/content/breadcrumb-labels";
import { breadcrumbTrail } from "~/lib/breadcrumbs";
import { Container } from "./section";

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname, breadcrumbLabel);
  if (!trail) return null;
  return (
    <nav aria-label="Breadcrumb" className="border-b border-border bg-slate-50">
      <Container>
        <ol className="flex flex-wrap items-center gap-1 py-3 text-sm text-muted-foreground">
          {trail.map((crumb, index) => {
            const last = index === trail.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 && <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />}
                {last ? (
                  <span aria-current="page" className="font-medium text-foreground">
                    {crumb.label}
                  </span>
                ) : (
                  <Link to={crumb.path} className="text-brand-700 hover:underline">
                    {crumb.label}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </Container>
    </nav>
  );
}
