import { logger } from "../logger.server";

/**
 * Runs a page's queries; when the database fails, logs it and hands back the fallback with
 * the spec's message, so the page still renders (with an 'Error' toast) instead of crashing.
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
