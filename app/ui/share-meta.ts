/** A page's own share image, for the Open Graph and Twitter cards. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

type MetaTag = Record<string, string>;

/**
 * The meta tags with the page's own image in place of the site's default (and `og:type` article
 * unless told; a studio's page stays a website):
 * a shared recipe or article shows its picture. Tags without an image (a page kept out of search) are kept as they are.
 */
export function withShareImage(
  tags: MetaTag[],
  image: ShareImage | null,
  type: "article" | "website" = "article",
): MetaTag[] {
  if (!image) return tags;
  const replaced: Record<string, string> = {
    "og:type": type,
    "og:image": image.url,
    "og:image:width": String(image.width),
    "og:image:height": String(image.height),
    "og:image:alt": image.alt,
    "twitter:image": image.url,
  };
  return tags.map((tag) => {
    const key = tag.property ?? tag.name;
    return key !== undefined && key in replaced ? { ...tag, content: replaced[key]! } : tag;
  });
}
