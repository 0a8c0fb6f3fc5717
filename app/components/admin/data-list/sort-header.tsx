import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link, useSearchParams } from "react-router";

/**
 * A column header that sorts the list: a link that sets `sort` and `dir` in the URL (so it
 * works without JavaScript and survives a reload); a second click reverses the order.
 */
export function SortHeader({
  label,
  sort,
  current,
  dir,
  firstDir = "desc",
}: {
  label: string;
  sort: string;
  current: string;
  dir: "asc" | "desc";
  /** The order a first click asks for: newest, dearest first; names A to Z. */
  firstDir?: "asc" | "desc";
}) {
  const [params] = useSearchParams();
  const active = current === sort;
  const next = new URLSearchParams(params);
  next.set("sort", sort);
  next.set("dir", active ? (dir === "asc" ? "desc" : "asc") : firstDir);
  next.delete("page");
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <Link
      to={`?${next}`}
      preventScrollReset
      className="inline-flex items-center gap-1 hover:text-foreground hover:underline"
    >
      {label}
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">
        {active ? `, sorted ${dir === "asc" ? "ascending" : "descending"}` : ", sort"}
      </span>
    </Link>
  );
}

/** The aria-sort of a column's header cell. */
export function ariaSort(sort: string, current: string, dir: "asc" | "desc") {
  if (sort !== current) return undefined;
  return dir === "asc" ? ("ascending" as const) : ("descending" as const);
}
