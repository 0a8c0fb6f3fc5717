import { outsideAreaNotice } from "~/lib/leads/service-request";
import { attachIsland, part } from "../attach";

/**
 * The request form without a page load. The server's form posts as a document and answers
 * with the form again (messages next to the fields) or the thank-you page; with this
 * script the same POST goes through fetch (mode=inline), and the answer's own
 * `[data-island="request-form"]` takes this one's place: one rendering of every state,
 * on the server. Also: the ZIP field keeps to five digits and says at once when the code is
 * outside the listed areas, the button says "Sending..." while it waits, and focus goes to
 * what the answer says (the first field to fix, the problem, or the receipt).
 */
attachIsland("request-form", enhance);

function enhance(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('[data-part="form"]');
  if (!form) return; // The receipt: nothing to do.
  const served = new Set((root.dataset.servedZips ?? "").split(" "));
  const zip = part<HTMLInputElement>(form, "zip");
  const outside = part(form, "outside");
  const submit = part<HTMLButtonElement>(form, "submit");
  const offline = part(form, "offline");
  part<HTMLInputElement>(form, "mode").value = "inline";
  // The server checks every field and says what is wrong in words; the browser's bubbles
  // would say it differently, one field at a time.
  form.noValidate = true;

  function checkZip() {
    const digits = zip.value.replace(/\D/g, "").slice(0, 5);
    if (digits !== zip.value) zip.value = digits;
    const isOutside = /^\d{5}$/.test(digits) && !served.has(digits);
    outside.textContent = isOutside ? outsideAreaNotice(digits) : "";
  }
  zip.addEventListener("input", checkZip);
  checkZip();

  let sending = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    const label = submit.querySelector('[data-part="submit-label"]');
    const idle = label?.textContent ?? "";
    submit.disabled = true;
    if (label) label.textContent = "Sending...";
    offline.hidden = true;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "text/html" },
      });
      const answer = new DOMParser()
        .parseFromString(await response.text(), "text/html")
        .querySelector<HTMLElement>('[data-island="request-form"]');
      if (!answer) throw new Error(`No form in the answer (HTTP ${response.status})`);
      const replacement = document.importNode(answer, true);
      root.replaceWith(replacement);
      attachIsland("request-form", enhance);
      focusAnswer(replacement);
    } catch {
      sending = false;
      submit.disabled = false;
      if (label) label.textContent = idle;
      offline.hidden = false;
      offline.focus();
    }
  });
}

/** Where the answer wants attention: the first field to fix, a problem, or the receipt. */
function focusAnswer(answer: HTMLElement) {
  const target =
    answer.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    answer.querySelector<HTMLElement>('[data-part="problem"]') ??
    answer.querySelector<HTMLElement>('[data-part="receipt"]');
  if (!target) return;
  target.focus({ preventScroll: true });
  // Centred, so the sticky header never covers it.
  target.scrollIntoView({ block: "center", behavior: "instant" });
}
