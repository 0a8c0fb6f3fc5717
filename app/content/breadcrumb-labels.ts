import { slugFromCityParam } from "~/lib/area-paths";
import { serviceAreas } from "./service-areas";
import { getService } from "./services";

const SECTION_LABELS: Record<string, string> = {
  services: "Services",
  "service-areas": "Service Areas",
  about: "About",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
};

/** Friendly breadcrumb labels: sections, service titles and area names. */
export function breadcrumbLabel(segment: string, index: number): string | undefined {
  if (index === 0) return SECTION_LABELS[segment];
  const slug = slugFromCityParam(segment);
  return getService(segment)?.title ?? serviceAreas.find((area) => area.slug === slug)?.name;
}
