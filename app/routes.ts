import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("admin-logout", "routes/admin-logout.ts"),
  layout("routes/site-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("reviews", "routes/reviews.tsx"),
    route("admin-login", "routes/admin-login.tsx"),
    route("admin", "routes/admin.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
