/*
 * A dialog's address (decision 0058): the page's own URL with `?open=<name>` (and `&id=<record>`
 * for a record's dialog). The server renders the dialog open there, so the link that opens it
 * works before the page has hydrated, or without JavaScript.
 */

/** The search parameters that name the open dialog and its record. */
export const OPEN_PARAM = "open";
export const OPEN_ID_PARAM = "id";

/** The page's URL with `change` applied to its search parameters. */
export function withSearch(
  pathname: string,
  search: string,
  change: (params: URLSearchParams) => void,
): string {
  const params = new URLSearchParams(search);
  change(params);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Where a page goes when its dialog closes: the same page and filters, no dialog. React
 * Router's `index` marker (on a form sent to an index route) goes too: it is not a page's.
 */
export function closedDialogHref(pathname: string, search: string): string {
  return withSearch(pathname, search, (params) => {
    params.delete(OPEN_PARAM);
    params.delete(OPEN_ID_PARAM);
    params.delete("index");
  });
}

/** Whether `url` is a dialog's address. */
export function isDialogAddress(url: URL): boolean {
  return url.searchParams.has(OPEN_PARAM);
}
