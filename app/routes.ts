import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("admin-logout", "routes/admin-logout.ts"),
  // The photo upload (XMLHttpRequest with progress, or a plain form post); checks the session itself.
  route("admin/photos", "routes/admin-photos.ts"),
  // A visitor's report of a review (form post, or fetch from the reviews page).
  route("reviews/:id/segnala", "routes/review-report.ts"),
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
      route("admin/inviti", "routes/admin-invitations.tsx"),
      route("admin/risposte", "routes/admin-replies.tsx"),
      route("admin/segnalazioni", "routes/admin-reports.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
