import { cityPath } from "~/lib/site/area-paths";
import { serviceAreas } from "./service-areas";
import { services, servicePath } from "./services";

/** Every public page's path: the sitemap and the route tests read this one list. */
export function publicPagePaths(): string[] {
  return [
    "/",
    "/services",
    ...services.map((service) => servicePath(service.slug)),
    "/service-areas",
    ...serviceAreas.map((area) => cityPath(area.slug)),
    "/request",
    "/about",
    "/privacy",
    "/terms",
  ];
}
