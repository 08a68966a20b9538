import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("admin-logout", "routes/admin-logout.ts"),
  // The photo upload (XMLHttpRequest with progress, or a plain form post); checks the session itself.
  route("admin/photos", "routes/admin-photos.ts"),
  layout("routes/site-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("reviews", "routes/reviews.tsx"),
    route("admin-login", "routes/admin-login.tsx"),
    // Every route in this layout requires an administrator session (middleware).
    layout("routes/admin-layout.tsx", [
      route("admin", "routes/admin.tsx"),
      route("admin/account", "routes/admin-account.tsx"),
      route("admin/backup", "routes/admin/backup.tsx"),
      route("admin/backup/download", "routes/admin/backup-download.ts"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
