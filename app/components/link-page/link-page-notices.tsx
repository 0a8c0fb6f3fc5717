/**
 * The line under a link page's heading: what the last tap did ("done", from the redirect
 * after a plain POST) or, when the tap was refused, why. Announced politely either way.
 */
export function LinkPageNotices({
  done,
  answered,
  formError,
}: {
  done: string | null;
  /** The page shows an action's answer: the redirect's "done" is old news then. */
  answered: boolean;
  formError: string | null | undefined;
}) {
  return (
    <div aria-live="polite">
      {done && !answered && (
        <p className="mt-3 rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900">{done}</p>
      )}
      {formError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-900">
          {formError}
        </p>
      )}
    </div>
  );
}
