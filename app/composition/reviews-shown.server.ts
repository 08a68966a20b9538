import { data } from "react-router";
import type { SiteContentStore } from "~/features/site-content/site-content.server";

/**
 * The reviews' addresses exist only while she shows the reviews: switched off,
 * the page, the form and a report answer 404 like any address the site does not have; the reviews
 * stay stored, and are back when she switches them on.
 */
export async function requireReviewsShown(s: { siteContent: SiteContentStore }): Promise<void> {
  const { content } = await s.siteContent.current();
  if (!content.reviews.shown) throw data("Pagina non trovata", { status: 404 });
}
