/*
 * Phone numbers, one way everywhere: read with libphonenumber (./phone-parse.ts; a number
 * without a country code is read as US), stored as E.164 ("+13125550147"), shown as
 * "(312) 555-0147" (a number elsewhere as "+44 2071838750": its country code, then the rest),
 * dialled through tel:/sms: links in E.164. Showing and dialling need no metadata, so every
 * screen can do them without shipping libphonenumber to the browser (decision 0040).
 */

/** The country calling codes (ITU E.164), as libphonenumber's metadata lists them; phone.test.ts keeps the two equal. */
export const CALLING_CODES = new Set(
  "1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353 354 355 356 357 358 359 370 371 372 373 374 375 376 377 378 380 381 382 383 385 386 387 389 420 421 423 500 501 502 503 504 505 506 507 508 509 590 591 592 593 594 595 596 597 598 599 670 672 673 674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691 692 850 852 853 855 856 880 886 960 961 962 963 964 965 966 967 968 970 971 972 973 974 975 976 977 992 993 994 995 996 998".split(
    " ",
  ),
);

/** Digits of a 10-digit US number, without a leading country code. */
export function usDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

const isUs = (phone: string, digits: string) =>
  digits.length === 10 && !/^\+(?!1)/.test(phone.trim());

/**
 * For display: "(312) 555-0147"; a number elsewhere, in E.164, as its country code and the rest
 * ("+44 2071838750"); anything else as it is.
 */
export function formatPhone(phone: string): string {
  const digits = usDigits(phone);
  if (isUs(phone, digits)) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  const e164 = /^\+(\d{7,15})$/.exec(phone.replace(/[\s().-]/g, ""));
  if (!e164) return phone;
  const number = e164[1]!;
  // Calling codes are prefix-free: at most one of the first 1, 2 or 3 digits is one.
  const length = [1, 2, 3].find((n) => CALLING_CODES.has(number.slice(0, n)));
  return length ? `+${number.slice(0, length)} ${number.slice(length)}` : phone;
}

/**
 * "tel:+13125550147" (or sms:). Ten digits are a US number whatever libphonenumber thinks of them
 * (the forms take any ten: docs/spec/back-office.md §5 only requires a phone); anything else
 * (stored as E.164) dials as it is written, without its spaces and punctuation.
 */
export function phoneHref(phone: string, scheme: "tel" | "sms" = "tel"): string {
  const digits = usDigits(phone);
  return `${scheme}:${isUs(phone, digits) ? `+1${digits}` : phone.replace(/[^\d+]/g, "")}`;
}
