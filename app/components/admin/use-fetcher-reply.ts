import { useActionData, type FetcherWithComponents } from "react-router";
import type { ActionReply } from "~/lib/admin/action-reply";

/**
 * The server's reply to a form sent through a fetcher: the fetcher's once it is back, or,
 * when the form was sent without JavaScript (a whole page), the page's action data for the
 * same intent. Either way a refused form shows its errors and keeps what was typed.
 */
export function useFetcherReply(fetcher: FetcherWithComponents<ActionReply>, intent: string) {
  const page = useActionData<ActionReply>();
  if (fetcher.state !== "idle") return undefined;
  return fetcher.data?.result ?? (page?.intent === intent ? page.result : undefined);
}
