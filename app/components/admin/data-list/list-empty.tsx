import { Link, useLocation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

interface ListEmptyProps {
  /** The load failure message (docs/spec/back-office.md §8), when the rows could not be read. */
  loadError?: string | null;
  /** What to say when a search or filter matched nothing. */
  noMatches: string;
  /** What to say when there is nothing yet (and how to add the first). */
  nothingYet: string;
}

/**
 * What a list shows instead of rows: why it is empty. A load failure says so (zeros would
 * be a lie); a search that matched nothing offers to clear it.
 */
export function ListEmpty({ loadError, noMatches, nothingYet }: ListEmptyProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const filtered = [...params.keys()].some((key) => key !== "page" && params.get(key));
  return (
    <Card className="grid justify-items-center gap-3 p-10 text-center text-muted-foreground">
      {loadError ? (
        <p>{loadError}. Reload the page to try again.</p>
      ) : filtered ? (
        <>
          <p>{noMatches}</p>
          <Button asChild variant="outline" size="sm">
            <Link to={pathname}>Clear search and filter</Link>
          </Button>
        </>
      ) : (
        <p>{nothingYet}</p>
      )}
    </Card>
  );
}
