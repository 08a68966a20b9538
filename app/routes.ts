import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  layout("routes/site-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("reviews", "routes/reviews.tsx"),
    route("admin-login", "routes/admin-login.tsx"),
    route("admin", "routes/admin.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
