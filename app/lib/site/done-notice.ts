/**
 * The sentence for a link page's `?done=<key>` (set by the redirect after a POST), or null
 * for a key the page does not know.
 */
export function doneNotice<T extends Record<string, string>>(
  request: Request,
  sentences: T,
): T[keyof T] | null {
  const done = new URL(request.url).searchParams.get("done");
  return done && Object.hasOwn(sentences, done) ? (sentences[done] as T[keyof T]) : null;
}
