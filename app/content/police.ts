import { serviceAreas, type ServiceArea } from "./service-areas";

/*
 * The police's non-emergency number for each area served, for a locksmith who refused to
 * open a door (issue 49): the last resort of the ALOA positive-ID policy is the police. Only
 * numbers checked at their source are listed; an area without one shows the office's number
 * and 911 for danger (decision 0069). Add a suburb's number here with the page it came from.
 */

export interface PoliceContact {
  /** Who answers: "Chicago Police (non-emergency)". */
  name: string;
  /** What to dial, as written: "311" or "(708) 532-9111"; null when not on file. */
  dial: string | null;
  /** The tel: target. */
  tel: string | null;
}

interface PoliceNumber {
  name: string;
  dial: string;
  tel: string;
  /** Where the number was read. */
  source: string;
}

const CHICAGO: PoliceNumber = {
  name: "Chicago Police (non-emergency)",
  dial: "311",
  tel: "311",
  source: "https://www.chicago.gov/city/en/depts/311.html",
};

/** Suburbs' numbers, by the area's name, each read at its village's site. */
const SUBURBS: Record<string, PoliceNumber> = {
  "Tinley Park": {
    name: "Tinley Park Police (non-emergency)",
    dial: "(708) 532-9111",
    tel: "+17085329111",
    source:
      "https://tinleypark.org/government/departments/emergency_management/911_communications.php",
  },
};

function numberOf(area: ServiceArea): PoliceNumber | undefined {
  return area.region === "Chicago" ? CHICAGO : SUBURBS[area.name];
}

/** The non-emergency number for a job's ZIP: Chicago 311, a suburb's listed number, or none. */
export function policeFor(zip: string | null): PoliceContact {
  const area = zip ? serviceAreas.find((candidate) => candidate.zipCodes.includes(zip)) : undefined;
  const found = area && numberOf(area);
  if (found) return { name: found.name, dial: found.dial, tel: found.tel };
  return { name: area ? `${area.name} police` : "The local police", dial: null, tel: null };
}
