import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { usDigits } from "./phone";

/*
 * Reading a typed or received phone number: libphonenumber with its smallest metadata set.
 * The server and the form schemas read numbers; showing and dialling them (./phone.ts) needs
 * none of this, so the back office's first load does not carry the metadata (decision 0040).
 */

/**
 * E.164 for a callable number in any common spelling ("(312) 555-0147", "1-312-555-0147",
 * "+44 20 7183 8750"); undefined for what is not one (Twilio's "anonymous", a withheld
 * "+266696687", a "client:..." browser call, "555-01").
 */
export function normalizePhone(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw.trim(), "US");
  return parsed?.isValid() ? parsed.number : undefined;
}

/** E.164 for a US number only (the request form and the back office's forms take those). */
export function normalizeUsPhone(raw: string): string | undefined {
  const parsed = parsePhoneNumberFromString(raw.trim(), "US");
  return parsed?.isValid() && parsed.countryCallingCode === "1" ? parsed.number : undefined;
}

/**
 * E.164 for a number as the back office stores it: any ten US digits (the forms take any ten:
 * docs/spec/back-office.md §5 only requires a phone), or a valid number elsewhere; undefined for
 * anything else.
 */
export function storablePhone(raw: string): string | undefined {
  const digits = usDigits(raw);
  if (digits.length === 10 && !/^\+(?!1)/.test(raw.trim())) return `+1${digits}`;
  return normalizePhone(raw);
}
