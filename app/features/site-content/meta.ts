import type { PageContent, SiteContent } from "~/features/site-content/site-content";

type HeadContent = PageContent;

/** What the root loader gives every page's meta function. */
interface RootMetaData {
  content: HeadContent;
  siteUrl: string;
}

interface MetaArgsLike {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}

interface PageMetaOptions {
  /** Admin and error pages: keep them out of search results. */
  noindex?: boolean;
  /** The page's address when it differs from the visited one. */
  canonicalPath?: string;
}

/** The default share image (public/og-image.png), 1200×630. */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Logo dello studio di nutrizione: una foglia in un cerchio",
};

function rootData(args: MetaArgsLike): Partial<RootMetaData> {
  const root = args.matches.find((m) => m?.id === "root");
  return (root?.loaderData ?? {}) as Partial<RootMetaData>;
}

/**
 * A page's head: unique Italian title and description, canonical URL from SITE_URL,
 * Open Graph and Twitter cards with the default share image, and robots for private pages.
 * Use it from a route's meta export: `export const meta = (args) => pageMeta(args, "Titolo", "Descrizione")`.
 */
export function pageMeta(
  args: MetaArgsLike,
  title: string,
  description: string,
  options: PageMetaOptions = {},
): Record<string, string>[] {
  const { content, siteUrl = "" } = rootData(args);
  const name = content?.practitioner.name ?? "";
  const fullTitle = name && !title.includes(name) ? `${title} | ${name}` : title;
  const url = `${siteUrl}${options.canonicalPath ?? args.location.pathname}`;
  const image = `${siteUrl}${SHARE_IMAGE.path}`;
  const tags: Record<string, string>[] = [{ title: fullTitle }, { name: "description", content: description }];
  if (options.noindex) {
    tags.push({ name: "robots", content: "noindex, nofollow" });
    return tags;
  }
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "it_IT" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: SHARE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  );
  return tags;
}

/** "Milano e Monza", "Milano, Monza e Lecco": each city once. */
export function citiesOf(content: Pick<SiteContent, "studios">): string {
  const cities = [...new Set(content.studios.map((s) => s.city))];
  return cities.length > 1 ? `${cities.slice(0, -1).join(", ")} e ${cities.at(-1)}` : (cities[0] ?? "");
}
