/**
 * The first 5-digit ZIP in what the caller said ("60601", "60601-1234", "zip 60601"). The
 * same reading as the leads model's `leadZip`, kept here so the browser can run it too.
 */
export function leadZip(zip: string | null | undefined): string | null {
  return zip?.match(/\b\d{5}\b/)?.[0] ?? null;
}
