import { ChevronRight } from "lucide-react";
import { Link, useLocation, useMatches } from "react-router";
import { breadcrumbLabel } from "~/content/breadcrumb-labels";
import { breadcrumbTrail } from "~/lib/breadcrumbs";
import { Container } from "./section";

/** Not-found views return `{ kind: "missing" | "unknown" }`: no trail to a page that isn't. */
function isNotFoundData(data: unknown): boolean {
  const kind = (data as { kind?: unknown } | null | undefined)?.kind;
  return kind === "missing" || kind === "unknown";
}

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const leaf = matches.at(-1);
  const trail = breadcrumbTrail(pathname, breadcrumbLabel);
  if (!trail || leaf?.id === "routes/site/not-found" || isNotFoundData(leaf?.loaderData))
    return null;
  return (
    <nav aria-label="Breadcrumb" className="border-border border-b bg-slate-50">
      <Container>
        <ol className="text-muted-foreground flex flex-wrap items-center gap-1 py-3 text-sm">
          {trail.map((crumb, index) => {
            const last = index === trail.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 && <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />}
                {last ? (
                  <span aria-current="page" className="text-foreground font-medium">
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
