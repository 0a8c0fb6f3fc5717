/** Every `<button>` of the page's HTML that is outside any form, with its text. */
function buttonsOutsideForms(html: string): string[] {
  const found: string[] = [];
  let forms = 0;
  const tags = /<(\/?)(form|button)\b([^>]*)>/gi;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    const [, closing, name] = match;
    if (name!.toLowerCase() === "form") {
      forms += closing ? -1 : 1;
      continue;
    }
    if (closing || forms > 0) continue;
    const end = html.indexOf("</button>", tags.lastIndex);
    const text = html
      .slice(tags.lastIndex, end)
      .replace(/<[^>]*>/g, "")
      .trim();
    found.push(text || match[3]!.trim());
  }
  return found;
}

/*
 * What needs a script by its nature, and opens nothing: copying to the clipboard, printing,
 * playing a recording. Everything else outside a form is a dead tap until hydration.
 */
const SCRIPT_BY_NATURE = /^(Copy|Print|Play|Pause)/;

/** The buttons of the page's HTML a tap before hydration would find dead, by their text. */
export function deadButtons(html: string): string[] {
  return buttonsOutsideForms(html).filter((text) => !SCRIPT_BY_NATURE.test(text));
}
