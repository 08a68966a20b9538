import type { Route } from "./+types/article-feed";
import { servicesContext } from "~/context";
import { articlesFeed } from "~/features/articles/article-page.server";

/** /articoli/feed.xml: the newest articles as Atom, for feed readers. */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const { content } = await s.siteContent.current();
  const xml = await articlesFeed(s, { url: s.config.siteUrl, author: content.practitioner.name });
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
