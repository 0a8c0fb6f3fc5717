import { slugFromCityParam } from "~/lib/site/area-paths";
import { serviceAreas } from "./service-areas";
import { getService } from "./services";
import { sectionLabels } from "./site-index";

/**
 * Friendly breadcrumb labels: sections, service titles and area names. Used on the server
 * (page metadata and the trail each page's loader sends); the layout shows that trail.
 */
export function breadcrumbLabel(segment: string, index: number): string | undefined {
  if (index === 0)
    return Object.hasOwn(sectionLabels, segment) ? sectionLabels[segment] : undefined;
  const slug = slugFromCityParam(segment);
  return getService(segment)?.title ?? serviceAreas.find((area) => area.slug === slug)?.name;
}
