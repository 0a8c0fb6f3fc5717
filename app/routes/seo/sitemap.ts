import { publicPagePaths } from "~/content/public-pages";
import { servicesContext } from "~/server/route-helpers/context.server";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const urls = publicPagePaths()
    .map((path) => `  <url><loc>${escapeXml(`${env.SITE_URL}${path}`)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
