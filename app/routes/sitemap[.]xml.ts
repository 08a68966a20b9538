import type { Route } from "./+types/sitemap[.]xml";
import { servicesContext } from "~/context";

/** The public pages search engines should index; admin pages are left out (and disallowed in robots.txt). */
export const PUBLIC_PATHS = ["/", "/home", "/services", "/reviews", "/privacy"] as const;

/** `lastModified`: when the site content was last saved; every listed page shows some of it. */
export function sitemapXml(siteUrl: string, paths: readonly string[] = PUBLIC_PATHS, lastModified?: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const lastmod = lastModified ? `<lastmod>${escape(lastModified)}</lastmod>` : "";
  const urls = paths.map((p) => `  <url><loc>${escape(siteUrl + p)}</loc>${lastmod}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { config, siteContent } = context.get(servicesContext);
  const { savedAt } = await siteContent.current();
  return new Response(sitemapXml(config.siteUrl, PUBLIC_PATHS, savedAt), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
