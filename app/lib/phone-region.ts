import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/*
 * Which numbers the server texts and calls (issue 47): the +1 calling code is shared by the
 * US, Canada and some twenty Caribbean and Pacific countries, and a text there costs many
 * times a US one, which is what SMS pumping scripts count on. A number is read with
 * libphonenumber's full metadata (its region and its type, server side only), and texted or
 * called only when its region is one the business serves and it is no premium-rate or
 * shared-cost line.
 */

/** What PHONE_REGIONS may name: the US (with its territories on +1) and Canada. */
export const PHONE_REGION_CHOICES = ["US", "CA"] as const;
export type PhoneRegionChoice = (typeof PHONE_REGION_CHOICES)[number];

const REGIONS: Record<PhoneRegionChoice, readonly string[]> = {
  // Puerto Rico, the US Virgin Islands, Guam, American Samoa, the Northern Mariana Islands.
  US: ["US", "PR", "VI", "GU", "AS", "MP"],
  CA: ["CA"],
};

/** Lines a call or text to which costs the sender by the minute or message. */
const CHARGED_TYPES = new Set(["PREMIUM_RATE", "SHARED_COST"]);

/**
 * Why the server will not text or call this number ("region": outside the regions served,
 * "premium": a premium-rate or shared-cost line), or undefined when it may. A +1 number
 * whose region libphonenumber cannot tell (an unassigned area code) is judged by the
 * calling code alone.
 */
export function phoneReachProblem(
  phone: string,
  regions: readonly PhoneRegionChoice[] = ["US"],
): "region" | "premium" | undefined {
  const parsed = parsePhoneNumberFromString(phone.trim(), "US");
  if (!parsed || parsed.countryCallingCode !== "1") return "region";
  const allowed = regions.flatMap((choice) => REGIONS[choice]);
  if (parsed.country && !allowed.includes(parsed.country)) return "region";
  if (CHARGED_TYPES.has(parsed.getType() ?? "")) return "premium";
  if (/^\+1900/.test(parsed.number)) return "premium";
  return undefined;
}
