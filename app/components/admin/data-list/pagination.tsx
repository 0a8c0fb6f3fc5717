import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { withPage, type Page } from "~/lib/admin/pagination";
import { cn } from "~/lib/utils";
import { formatCount } from "~/lib/format";

/**
 * Previous/next links for a list's page (app/lib/admin/pagination.ts), keeping its search
 * and filter. They sit under the list, and the page they open scrolls to its top: the next
 * rows are read from the first, not from the last (on a phone, a screen above the pager).
 */
export function Pagination({
  of: { page, pageSize, total, totalCapped = false },
}: {
  of: Pick<Page<unknown>, "page" | "pageSize" | "total" | "totalCapped">;
}) {
  const [params] = useSearchParams();
  const pages = totalCapped ? Number.POSITIVE_INFINITY : Math.max(1, Math.ceil(total / pageSize));
  const hrefFor = (target: number) => withPage(params, target) || "?";
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = totalCapped ? page * pageSize : Math.min(total, page * pageSize);
  const of = totalCapped ? `${formatCount(total)}+` : formatCount(total);
  const linkClass = (disabled: boolean) =>
    cn(
      "inline-flex h-9 items-center gap-1 rounded-lg border border-border bg-white px-3 text-sm font-medium hover:bg-muted",
      disabled && "pointer-events-none opacity-50",
    );
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted-foreground">
        {total === 0 ? "No results" : `${formatCount(first)}–${formatCount(last)} of ${of}`}
        {pages > 1 && ` · page ${page}${totalCapped ? "" : ` of ${formatCount(pages)}`}`}
      </p>
      <div className="flex gap-2">
        <Link
          to={hrefFor(page - 1)}
          aria-disabled={page <= 1}
          tabIndex={page <= 1 ? -1 : undefined}
          className={linkClass(page <= 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
        <Link
          to={hrefFor(page + 1)}
          aria-disabled={page >= pages}
          tabIndex={page >= pages ? -1 : undefined}
          className={linkClass(page >= pages)}
        >
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </nav>
  );
}
