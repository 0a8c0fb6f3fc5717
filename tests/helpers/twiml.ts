/*
 * TwiML read back into elements, to check a response element by element (names, attributes,
 * text, in order). TwiML is the SDK's plain XML: elements, attributes in double quotes,
 * escaped text; nothing else needs reading.
 */

export interface TwimlElement {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: TwimlElement[];
}

const TOKEN = /<\?[^>]*\?>|<(\/?)([A-Za-z]+)((?:\s+[A-Za-z:]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
const ATTR = /([A-Za-z:]+)="([^"]*)"/g;

function unescape(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The elements inside <Response>, in order. Throws on anything that is not well formed. */
export function readTwiml(xml: string): TwimlElement[] {
  const root: TwimlElement = { name: "#root", attrs: {}, text: "", children: [] };
  const stack = [root];
  for (const [, closing, name, attrs, selfClosing, text] of xml.matchAll(TOKEN)) {
    const top = stack.at(-1)!;
    if (text !== undefined) {
      top.text += unescape(text);
    } else if (!name) {
      continue;
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const element: TwimlElement = {
        name,
        attrs: Object.fromEntries(
          [...(attrs ?? "").matchAll(ATTR)].map(([, key, value]) => [key!, unescape(value!)]),
        ),
        text: "",
        children: [],
      };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  const [response, ...rest] = root.children;
  if (response?.name !== "Response" || rest.length > 0) throw new Error("not one <Response>");
  return response.children;
}
