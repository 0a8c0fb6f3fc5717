import { emptyPage, type Page } from "~/lib/admin/pagination";
import { logger } from "../logger.server";

/**
 * Runs a page's queries; when the database fails, logs it and hands back the fallback with the load
 * failure message (docs/spec/back-office.md §8), so the page still renders (with an 'Error' toast)
 * instead of crashing.
 */
export async function loadOrError<T>(
  message: string,
  load: () => Promise<T>,
  fallback: T,
): Promise<{ data: T; loadError: string | null }> {
  try {
    return { data: await load(), loadError: null };
  } catch (error) {
    logger.error({ err: error }, message);
    return { data: fallback, loadError: message };
  }
}

/** A list's page, or an empty one with its load failure message (docs/spec/back-office.md §8). */
export function loadPage<T>(
  message: string,
  load: () => Promise<Page<T>>,
): Promise<{ data: Page<T>; loadError: string | null }> {
  return loadOrError(message, load, emptyPage<T>());
}

/**
 * The choices of a page's dialog or selects (active locksmiths, recent leads): a failure there is
 * only logged ("Helper lists ... are only logged, with no toast", docs/spec/back-office.md §8), so
 * the page still shows and the dialog offers less.
 */
export async function helperList<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    logger.error({ err: error, list: what }, "A helper list failed to load");
    return [];
  }
}
