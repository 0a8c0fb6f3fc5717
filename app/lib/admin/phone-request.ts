/**
 * Whether a request comes from a phone, so a list can send it its cards alone (data-list.tsx):
 * Chromium says so unasked (Sec-CH-UA-Mobile); Safari and Firefox send no client hints, and
 * their user agent names the phone. A guess only picks the first layout: the page measures its
 * column once it runs, and a wrong guess costs a second render, never a wrong layout.
 */
export function isPhoneRequest(headers: Headers): boolean {
  const hint = headers.get("Sec-CH-UA-Mobile");
  if (hint) return hint === "?1";
  return /\b(iPhone|iPod)\b|\bAndroid\b.*\bMobile\b|\bMobile\b.*\bFirefox\b/.test(
    headers.get("User-Agent") ?? "",
  );
}
