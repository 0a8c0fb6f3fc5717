import { useEffect, useState } from "react";
import { formatTime } from "~/lib/format";
import { countdownText } from "~/lib/dispatch/offer-deadline";

/**
 * "Answer by 11:42 PM · 9:58 left": an offer's deadline in Chicago time, as the text said it,
 * and the time left. Rendered with the time left when the page was made; kept current by
 * the countdown island where the page ships no React (the locksmith's own page), and by the
 * effect below where it hydrates (the job page).
 */
export function OfferDeadline({ answerBy, now }: { answerBy: string; now: string }) {
  const [left, setLeft] = useState(() => countdownText(new Date(answerBy), new Date(now)));
  useEffect(() => {
    const until = new Date(answerBy);
    const tick = () => setLeft(countdownText(until, new Date()));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [answerBy]);
  return (
    <p className="mt-1 text-sm font-semibold text-amber-900">
      Answer by {formatTime(answerBy)} ·{" "}
      <span data-island="countdown" data-until={answerBy}>
        {left}
      </span>
    </p>
  );
}
