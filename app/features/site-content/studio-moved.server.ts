import type { SiteContent } from "~/features/site-content/site-content";
import type { StudioSlugRepository } from "~/features/site-content/studio-slugs.server";

/**
 * A booking link naming a studio by a slug it had before (renamed since) or by its key: the page at
 * `path` with the studio's slug now, every other parameter kept, for the loader's 301. Null otherwise.
 * The path is the route's own: a data request's URL ends in `.data`, which the browser must not be
 * sent to as a page.
 */
export async function movedStudioAddress(
  s: { studioSlugs: StudioSlugRepository },
  content: Pick<SiteContent, "studios">,
  request: Request,
  path: string,
): Promise<string | null> {
  const url = new URL(request.url);
  const sede = url.searchParams.get("sede");
  if (!sede) return null;
  const at = await s.studioSlugs.resolve(content.studios, sede);
  if (!at || !("moved" in at)) return null;
  url.searchParams.set("sede", at.moved);
  return `${path}${url.search}`;
}
