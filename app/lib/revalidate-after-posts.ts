import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A page's `shouldRevalidate`: after any submission, even a refused one, its data is read
 * again. React Router skips that after a 4xx answer, and a page refused with 409 (the job
 * was reassigned, the offer ran out, the record changed) kept its old heading, buttons and
 * whatever its reader may no longer see.
 */
export function revalidateAfterPosts({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return defaultShouldRevalidate;
}
