import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/*
 * Phone numbers, one way everywhere: parsed with libphonenumber (a number without a country
 * code is read as US), stored as E.164 ("+13125550147"), shown as "(312) 555-0147" (a
 * non-US number in international form), dialled through tel:/sms: links in E.164.
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

/** Digits of a 10-digit US number, without a leading country code. */
export function usDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** For display: "(312) 555-0147"; another country's number in international form. */
export function formatPhone(phone: string): string {
  const digits = usDigits(phone);
  if (digits.length === 10 && !/^\+(?!1)/.test(phone.trim())) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return parsePhoneNumberFromString(phone.trim(), "US")?.formatInternational() ?? phone;
}

/**
 * "tel:+13125550147" (or sms:). Ten digits are a US number whatever libphonenumber thinks of them
 * (the forms take any ten: docs/spec/back-office.md §5 only requires a phone); anything else dials
 * as it parses.
 */
export function phoneHref(phone: string, scheme: "tel" | "sms" = "tel"): string {
  const digits = usDigits(phone);
  const us = digits.length === 10 && !/^\+(?!1)/.test(phone.trim());
  return `${scheme}:${us ? `+1${digits}` : (normalizePhone(phone) ?? phone.replace(/[^\d+]/g, ""))}`;
}
