/** Digits of a 10-digit US number, without a leading country code. */
export function usDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** "+13125550147" for tel: and sms: links. */
export function toE164(phone: string): string {
  return `+1${usDigits(phone)}`;
}

/** "(312) 555-0147" for display. */
export function formatUsPhone(phone: string): string {
  const d = usDigits(phone);
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : phone;
}
