import type { StoredImage } from "~/core/db/schema";
import { formatItalianDate } from "~/core/format/italian-format";
import { largestUrl, toPublicImage } from "~/core/media/image-pipeline.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import type { PublicImage } from "~/core/media/public-image";
import { documentImageIds, readingMinutes } from "~/ui/rich-text/document";
import type { ArticleRecord, ArticleRepository } from "./articles.server";
import { atomXml } from "./atom-feed";
import { ARTICLE_CATEGORY_LABELS, ARTICLES_PATH, articlePath, FEED_PATH } from "./categories";
import { ARTICLE_MESSAGES } from "./messages";

/** What a card in the list shows. */
export interface ArticleCardView {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  categories: string[];
  publishedOn: string;
  publishedIso: string;
  readingMinutes: number;
  /** `position`: the CSS object-position of her focus point, where the cover is cropped. */
  cover: { image: PublicImage; alt: string; position: string } | null;
}

/** How many other articles an article's page suggests. */
const RELATED_ARTICLES = 3;

interface Site {
  url: string;
  author: string;
}

const publicImages = (media: MediaStorage, images: Map<string, StoredImage>) =>
  Object.fromEntries([...images].map(([id, image]) => [id, toPublicImage(media, image)]));

export function toArticleCardView(media: MediaStorage, article: ArticleRecord): ArticleCardView {
  const published = article.publishAt ?? article.createdAt;
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    categories: article.categories.map((c) => ARTICLE_CATEGORY_LABELS[c]),
    publishedOn: formatItalianDate(published.toISOString()),
    publishedIso: published.toISOString(),
    readingMinutes: readingMinutes(article.body),
    cover:
      article.cover && article.coverAlt
        ? {
            image: toPublicImage(media, article.cover),
            alt: article.coverAlt,
            position: `${article.coverFocusX}% ${article.coverFocusY}%`,
          }
        : null,
  };
}

/** "Aggiornato il …": shown when she changed it on a later day than it appeared. */
function updatedOn(article: ArticleRecord): string | null {
  if (!article.publishAt) return null;
  const published = formatItalianDate(article.publishAt.toISOString());
  const updated = formatItalianDate(article.updatedAt.toISOString());
  return article.updatedAt > article.publishAt && updated !== published ? updated : null;
}

/**
 * Everything a live article's page shows, its structured data too, or null for a draft, a scheduled
 * one before its time, or an address no article has. Server-only: the page's script carries none of it.
 */
export async function loadArticlePage(
  deps: { articles: ArticleRepository; media: MediaStorage },
  slug: string,
  site: Site,
) {
  const article = await deps.articles.findPublished(slug);
  if (!article) return null;
  const [images, sameCategory, newest] = await Promise.all([
    deps.articles.images(documentImageIds(article.body)),
    deps.articles.listPublished({ limit: RELATED_ARTICLES + 1, offset: 0, categories: article.categories }),
    deps.articles.listPublished({ limit: 2 * RELATED_ARTICLES + 1, offset: 0 }),
  ]);
  // Those sharing a category first, newest first, then the newest others: never itself, never twice.
  const related = [...sameCategory.articles, ...newest.articles]
    .filter((other, i, all) => other.id !== article.id && all.findIndex((a) => a.id === other.id) === i)
    .slice(0, RELATED_ARTICLES);
  const url = `${site.url}${articlePath(article.slug)}`;
  const card = toArticleCardView(deps.media, article);
  const coverUrl = article.cover ? `${site.url}${largestUrl(deps.media, article.cover)}` : null;
  const updated = updatedOn(article);
  return {
    article: card,
    body: article.body,
    images: publicImages(deps.media, images),
    updatedOn: updated,
    updatedIso: article.updatedAt.toISOString(),
    notice: ARTICLE_MESSAGES.medicalNotice,
    share:
      article.cover && coverUrl
        ? { url: coverUrl, width: article.cover.width, height: article.cover.height, alt: article.coverAlt ?? "" }
        : null,
    related: related.map((other) => toArticleCardView(deps.media, other)),
    /** What the page's related recipes are matched on (the route asks the recipes with it). */
    relatedText: [article.title, article.excerpt, ...card.categories].join(" · "),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        description: article.excerpt,
        url,
        mainEntityOfPage: url,
        inLanguage: "it-IT",
        datePublished: card.publishedIso,
        dateModified: article.updatedAt.toISOString(),
        articleSection: card.categories,
        ...(coverUrl ? { image: [coverUrl] } : {}),
        author: { "@type": "Person", name: site.author, url: `${site.url}/home#chi-sono` },
        publisher: { "@type": "Person", name: site.author, url: `${site.url}/home` },
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${site.url}/home` },
          { "@type": "ListItem", position: 2, name: "Articoli", item: `${site.url}${ARTICLES_PATH}` },
          { "@type": "ListItem", position: 3, name: article.title, item: url },
        ],
      },
    ],
  };
}

/** The newest live articles as an Atom 1.0 feed, every text in it plain text. */
export async function articlesFeed(deps: { articles: ArticleRepository; media: MediaStorage }, site: Site) {
  const { articles } = await deps.articles.listPublished({ limit: 20, offset: 0 });
  const newest = articles.reduce<Date | null>((max, a) => (max && max > a.updatedAt ? max : a.updatedAt), null);
  return atomXml({
    id: `${site.url}${ARTICLES_PATH}`,
    title: `Articoli | ${site.author}`,
    subtitle: "Gli articoli della nutrizionista: alimentazione, stili di vita, domande frequenti.",
    updated: newest ?? new Date(0),
    author: { name: site.author, uri: `${site.url}/home` },
    alternate: `${site.url}${ARTICLES_PATH}`,
    self: `${site.url}${FEED_PATH}`,
    entries: articles.map((article) => {
      const url = `${site.url}${articlePath(article.slug)}`;
      return {
        id: url,
        title: article.title,
        summary: article.excerpt,
        link: url,
        updated: article.updatedAt,
        published: article.publishAt ?? article.createdAt,
        categories: article.categories.map((c) => ARTICLE_CATEGORY_LABELS[c]),
        ...(article.cover ? { image: `${site.url}${largestUrl(deps.media, article.cover)}` } : {}),
      };
    }),
  });
}
