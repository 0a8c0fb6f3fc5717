import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import type { DialogTrigger } from "~/components/admin/dialog-state";
import { PageHeader } from "~/components/admin/page-header";
import { useLoadErrorToast } from "~/components/admin/use-load-error-toast";
import { Button } from "~/components/ui/button";
import type { Page } from "~/lib/admin/pagination";
import { ListEmpty } from "./list-empty";
import { ListToolbar, type ListToolbarProps } from "./list-toolbar";
import { Pagination } from "./pagination";

interface ListPageProps<Row> {
  title: string;
  description: string;
  /** The page's buttons beside its title (Add ..., New ...). */
  actions?: ReactNode;
  /** Between the title and the toolbar (summary cards). */
  summary?: ReactNode;
  toolbar: ListToolbarProps;
  page: Page<Row>;
  /**
   * The load failure message (docs/spec/back-office.md §8): an 'Error' toast, and the list says so.
   */
  loadError: string | null;
  empty: { noMatches: string; nothingYet: string };
  /** The list of this page's rows (a DataList). */
  children: (rows: Row[]) => ReactNode;
}

/**
 * A back-office list screen: title, search and filters, the rows (or why there are none),
 * and the pager. The pieces (ListToolbar, DataList, Pagination) also stand alone.
 */
export function ListPage<Row>({
  title,
  description,
  actions,
  summary,
  toolbar,
  page,
  loadError,
  empty,
  children,
}: ListPageProps<Row>) {
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader title={title} description={description}>
        {actions}
      </PageHeader>
      {summary}
      <ListToolbar {...toolbar} />
      {page.rows.length === 0 ? (
        <ListEmpty loadError={loadError} {...empty} />
      ) : (
        children(page.rows)
      )}
      <Pagination of={page} />
    </>
  );
}

/**
 * The page's "Add ..." button: a link to its dialog's address, which opens the dialog in place
 * once the page has hydrated (useDialogState's `trigger`, decision 0058).
 */
export function AddButton({ trigger, children }: { trigger: DialogTrigger; children: ReactNode }) {
  return (
    <Button asChild>
      <a {...trigger}>
        <Plus aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
