import type { Route } from "./+types/robots[.]txt";
import { servicesContext } from "~/context";

/** Everything public may be crawled; the admin area and the live stream may not. */
export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Disallow: /admin", "Disallow: /events", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(robotsTxt(config.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
