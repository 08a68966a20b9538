import type { Route } from "./+types/sitemap[.]xml";
import { servicesContext } from "~/context";

/** The public pages search engines should index; admin pages are left out (and disallowed in robots.txt). */
export const PUBLIC_PATHS = ["/", "/home", "/services", "/reviews", "/privacy"] as const;

export function sitemapXml(siteUrl: string, paths: readonly string[] = PUBLIC_PATHS): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = paths.map((p) => `  <url><loc>${escape(siteUrl + p)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(sitemapXml(config.siteUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
