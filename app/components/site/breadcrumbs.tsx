import { useLocation, useMatches } from "react-router";
import { sectionLabels } from "~/content/site-index";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs";
import { Icon } from "./icon";
import { Container } from "./section";
import { Link } from "./link";

/** Not-found views return `{ kind: "missing" | "unknown" }`: no trail to a page that isn't. */
function isNotFoundData(data: unknown): boolean {
  const kind = (data as { kind?: unknown } | null | undefined)?.kind;
  return kind === "missing" || kind === "unknown";
}

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const leaf = matches.at(-1);
  // The page names itself (its loader's `breadcrumb`, from content/breadcrumb-labels.ts on
  // the server), so the layout needs no list of every service and area name.
  const ownLabel = (leaf?.loaderData as { breadcrumb?: string } | null | undefined)?.breadcrumb;
  const last = pathname.split("/").filter(Boolean).length - 1;
  const trail = breadcrumbTrail(pathname, (segment, index) => {
    if (index === 0)
      return Object.hasOwn(sectionLabels, segment) ? sectionLabels[segment] : undefined;
    return index === last ? ownLabel : undefined;
  });
  if (!trail || leaf?.id === "routes/site/not-found" || isNotFoundData(leaf?.loaderData))
    return null;
  return (
    <nav aria-label="Breadcrumb" className="border-b border-border bg-slate-50">
      <Container>
        <ol className="flex flex-wrap items-center gap-1 py-3 text-sm text-muted-foreground">
          {trail.map((crumb, index) => {
            const last = index === trail.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 && (
                  <Icon name="chevron-right" className="size-4 text-slate-400" aria-hidden="true" />
                )}
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
