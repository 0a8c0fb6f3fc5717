import { serviceAreas } from "~/content/service-areas";

/*
 * Apart from lead-announcement.ts, which the back office's live updates load on every
 * screen: the list of service areas stays on the server, which writes the label into the
 * announcement (decision 0040).
 */

/** The area a ZIP belongs to, for telling operators where a request came from. */
export function areaLabelForZip(zip: string | null): string {
  if (!zip) return "an unknown area";
  const area = serviceAreas.find((candidate) => candidate.zipCodes.includes(zip));
  return area ? `${area.name} (${zip})` : zip;
}
