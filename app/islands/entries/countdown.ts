import { countdownText } from "~/lib/dispatch/offer-deadline";
import { attachIsland } from "../attach";

/*
 * An offer's countdown (lib/dispatch/offer-deadline.ts): the server writes the time left when
 * it renders; this keeps it current, once a second, until the time is up. The deadline's
 * clock time stays beside it, so without JavaScript the page still says when.
 */
attachIsland("countdown", (root) => {
  const until = new Date(root.dataset.until ?? "");
  if (Number.isNaN(until.getTime())) return;
  function tick() {
    const now = new Date();
    root.textContent = countdownText(until, now);
    if (until.getTime() > now.getTime()) window.setTimeout(tick, 1000 - (now.getTime() % 1000));
  }
  tick();
});
