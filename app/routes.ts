import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services", "routes/site/services.tsx"),
    route("services/:service", "routes/site/service.tsx"),
    route("service-areas", "routes/site/service-areas.tsx"),
    route("service-areas/:citySlug", "routes/site/city.tsx"),
    route("about", "routes/site/about.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("auth", "routes/auth/sign-in.tsx"),
  route("auth/pending", "routes/auth/pending.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("reviews", "routes/admin/reviews/index.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route("api/events", "routes/api/events.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("readyz", "routes/api/readyz.ts"),
] satisfies RouteConfig;
