import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /api/",
    "",
    `Sitemap: ${env.SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
