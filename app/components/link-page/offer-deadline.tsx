import { formatTime } from "~/lib/format";
import { countdownText } from "~/lib/dispatch/offer-deadline";

/**
 * "Answer by 11:42 PM · 9:58 left": an offer's deadline in Chicago time, as the text said it,
 * and the time left, kept current by the countdown island (the figure rendered here is the
 * time left when the page was made).
 */
export function OfferDeadline({ answerBy, now }: { answerBy: string; now: string }) {
  return (
    <p className="mt-1 text-sm font-semibold text-amber-900">
      Answer by {formatTime(answerBy)} ·{" "}
      <span data-island="countdown" data-until={answerBy}>
        {countdownText(new Date(answerBy), new Date(now))}
      </span>
    </p>
  );
}
